/// <reference lib="webworker" />
import type { PushPayload } from '@app/shared/notifications/push.schemas';
import { PRELOADED_ANSWERS_ELEMENT_ID } from '@app/shared/seo/preloaded-answers';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  clearOfflineCopies,
  OFFLINE_COPY_HEADER,
  OFFLINE_PAGE,
  OFFLINE_READABLE_API,
  OFFLINE_READABLE_PAGES,
  PAGES_CACHE,
  PRIVATE_CACHE,
} from './lib/offline';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The offline page, the icons and the entry's own files, fetched once at install (a few kilobytes
// beyond what the first visit already loaded). A new build's service worker replaces them.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Hashed files never change: each is kept once fetched, so a screen seen once opens offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'recytrade-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// The last seen deals and conversations: the network's answer whenever there is one; offline, the
// last copy, marked so the app says it is a copy and keeps changes for later. Copies are kept only
// for a session the server still knows: an answer saying it does not empties them here, whether or
// not the app's code is running.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin &&
    request.method === 'GET' &&
    OFFLINE_READABLE_API.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: PRIVATE_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 200 }),
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markAsCopy(cachedResponse),
        fetchDidSucceed: async ({ request, response }) => {
          if (await saysSessionUnknown(request, response)) await clearOfflineCopies();
          return response;
        },
      },
    ],
  }),
);

// Pages: always from the network (the server renders each page's title and description). The
// last page shell is kept so the screens readable offline open from it; any other page offline
// gets the offline page.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url }) => {
    const pages = await caches.open(PAGES_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.headers.get('content-type')?.startsWith('text/html'))
        await pages.put(SHELL_KEY, await withoutPreloadedAnswers(response.clone()));
      return response;
    } catch {
      const readable = OFFLINE_READABLE_PAGES.some((pattern) => pattern.test(url.pathname));
      const shell = readable ? await pages.match(SHELL_KEY) : undefined;
      return shell ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

const SHELL_KEY = '/__app-shell';

/** The kept shell must not carry a visitor's answers of the moment into a later, offline visit. */
async function withoutPreloadedAnswers(response: Response): Promise<Response> {
  const block = new RegExp(
    `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">[\\s\\S]*?</script>`,
  );
  const html = (await response.text()).replace(block, '');
  return new Response(html, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * A 401 (the session ended: signed out elsewhere, by an administrator, a password change or reset,
 * expiry), or /api/me answering that nobody is signed in with this browser's cookie.
 */
async function saysSessionUnknown(request: Request, response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (!response.ok || new URL(request.url).pathname !== '/api/me') return false;
  const me: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof me === 'object' && me !== null && 'user' in me && me.user === null;
}

function markAsCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Web Push: show what the server sent, unless the trader is looking at Recytrade right now (the page
// shows it live). One notification per conversation or deal: a newer one replaces it (tag).
self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (
        windows.some((w) => (w as WindowClient).focused && (w as WindowClient).visibilityState === 'visible')
      )
        return;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url, muteToken: payload.muteToken },
        actions: [{ action: MUTE_ACTION, title: 'Turn these off' }],
      } as NotificationOptions);
    })(),
  );
});

// A click opens the page the notification is about (in an open Recytrade tab when there is one);
// "Turn these off" switches that kind off for the account in one click.
self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  const data = notification.data as { url: string; muteToken: string };
  if (event.action === MUTE_ACTION) {
    event.waitUntil(
      fetch('/api/push/mute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: data.muteToken }),
      }),
    );
    return;
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0] as WindowClient | undefined;
      if (open) {
        await open.focus();
        await open.navigate(data.url);
        return;
      }
      await self.clients.openWindow(data.url);
    })(),
  );
});

const MUTE_ACTION = 'mute';

function readPushPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const parsed = data?.json();
    return parsed && typeof parsed.title === 'string' && typeof parsed.url === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
