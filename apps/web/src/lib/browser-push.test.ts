import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { forgetBrowserPush, registerBrowserPushAgain } from './browser-push';

/** A browser whose service worker holds a push subscription (jsdom has neither). */
function browserWithPush() {
  const keys = { p256dh: 'p256dh-key', auth: 'auth-secret' };
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser', keys }),
  };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => registration } });
  return subscription;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('this browser’s push subscription and the session', () => {
  it('registers the browser again with the current session, after a password change renewed it', async () => {
    browserWithPush();
    const api = mockApi({ 'POST /api/push/subscriptions': { preferences: {}, devices: 1 } });
    expect(await registerBrowserPushAgain()).toBe(true);
    expect(api.sent('POST /api/push/subscriptions')).toEqual([
      expect.objectContaining({
        body: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
          keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
        },
      }),
    ]);
  });

  it('forgets the subscription when a session starts or ends, and does nothing without one', async () => {
    const subscription = browserWithPush();
    await forgetBrowserPush();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    const api = mockApi({});
    await forgetBrowserPush();
    expect(await registerBrowserPushAgain()).toBe(false);
    expect(api.requests).toHaveLength(0);
  });
});
