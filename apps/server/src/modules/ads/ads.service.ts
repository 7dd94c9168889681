import type { PublicConfig } from '@app/shared/ads/ads.schemas';
import type { Env } from '../../config/env.ts';

/** Hosts the AdSense-style provider loads scripts, frames, images and beacons from. */
const PROVIDER_HOSTS = {
  scriptSrc: [
    'https://pagead2.googlesyndication.com',
    'https://partner.googleadservices.com',
    'https://tpc.googlesyndication.com',
    'https://www.googletagservices.com',
    'https://adservice.google.com',
    'https://www.googletagmanager.com',
  ],
  frameSrc: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://www.google.com',
  ],
  imgSrc: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
  ],
  connectSrc: [
    'https://pagead2.googlesyndication.com',
    'https://adservice.google.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
  ],
} as const;

export type AdsCspSources = { [K in keyof typeof PROVIDER_HOSTS]: string[] };
export type AdsService = ReturnType<typeof createAdsService>;

/** Ad slots: house promotions by default; a third-party provider only when ADS_PROVIDER_CLIENT_ID is set. */
export function createAdsService(ads: Env['ads']) {
  const configured = Boolean(ads.clientId);

  /** What the browser needs to render ad slots and report conversions. */
  function getPublicConfig(): PublicConfig {
    if (!ads.clientId) return { ads: { provider: 'house' } };
    return { ads: { provider: 'adsense', clientId: ads.clientId, slots: { ...ads.slots } } };
  }

  /** Extra Content-Security-Policy sources: none unless a provider is configured. */
  function cspSources(): AdsCspSources {
    return {
      scriptSrc: configured ? [...PROVIDER_HOSTS.scriptSrc] : [],
      frameSrc: configured ? [...PROVIDER_HOSTS.frameSrc] : [],
      imgSrc: configured ? [...PROVIDER_HOSTS.imgSrc] : [],
      connectSrc: configured ? [...PROVIDER_HOSTS.connectSrc] : [],
    };
  }

  return { getPublicConfig, cspSources };
}
