/**
 * What the service worker keeps for reading offline, shared by the worker (src/sw.ts) and the page.
 * Only the signed-in trader's own deals and conversations are kept, in one cache that signing in or
 * out, or the session ending, empties.
 */
export const PRIVATE_CACHE = 'recytrade-private';
export const PAGES_CACHE = 'recytrade-pages';
export const OFFLINE_PAGE = 'offline.html';
/** Set by the service worker on an answer that is the last copy, not the server's. */
export const OFFLINE_COPY_HEADER = 'x-recytrade-offline-copy';

export const OFFLINE_READABLE_API = [
  /^\/api\/me$/,
  /^\/api\/me\/unread-count$/,
  /^\/api\/deals$/,
  /^\/api\/conversations$/,
  /^\/api\/conversations\/[^/]+$/,
  /^\/api\/conversations\/[^/]+\/messages$/,
];

export const OFFLINE_READABLE_PAGES = [/^\/deals\/?$/, /^\/messages(\/.*)?$/];

/**
 * Forgets the previous trader's copies: called when someone signs in or out, and at the first answer
 * saying the session ended (a 401, here and in the service worker).
 */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PRIVATE_CACHE);
}
