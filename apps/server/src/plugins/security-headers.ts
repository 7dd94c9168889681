import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Extra hosts the content security policy allows (an ad provider's, when one is configured). */
export type ExtraCspSources = {
  scriptSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
};

/** Helmet's headers with the app's content security policy. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { appUrl: string; extra: ExtraCspSources },
): Promise<void> {
  const { extra } = opts;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.scriptSrc],
        ...(extra.frameSrc.length > 0 && { frameSrc: ["'self'", ...extra.frameSrc] }),
        imgSrc: ["'self'", 'data:', 'blob:', ...extra.imgSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The realtime socket's own origin only (ws: or wss: as the app is served), never any ws host.
        connectSrc: ["'self'", realtimeOrigin(opts.appUrl), ...extra.connectSrc],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
}

/** The WebSocket origin of the app: ws://host for http, wss://host for https. */
function realtimeOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}
