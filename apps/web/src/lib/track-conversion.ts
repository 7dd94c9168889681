import type { ConversionEvent } from '@app/shared/ads/ads.schemas';
import { getPublicConfig } from './public-config';

type ProviderWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
};

/**
 * Reports a conversion (sign-up success, sign-in) to the configured ad provider. With house
 * promotions, the default, nothing is sent anywhere. Tracking never throws and never delays the flow.
 */
export function trackConversion(event: ConversionEvent): void {
  void getPublicConfig()
    .then(({ ads }) => {
      if (ads.provider !== 'adsense') return;
      const w = window as ProviderWindow;
      const params = { send_to: ads.clientId, event_category: 'conversion' };
      if (typeof w.gtag === 'function') w.gtag('event', event, params);
      else {
        w.dataLayer = w.dataLayer ?? [];
        w.dataLayer.push({ event, ...params });
      }
    })
    .catch(() => {});
}
