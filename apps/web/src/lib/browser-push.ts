import type { PushSubscriptionBody } from '@app/shared/notifications/push.schemas';
import { api } from './api-client';

/**
 * This browser's push subscription, if it has one. A device belongs to the session that registered it
 * (the server deletes it when that session ends); the push feature turns it on and off, the sign-in,
 * sign-out and password forms keep the browser in step with the server here.
 */
export async function browserPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** A new session (or none) starts with push off here: whoever turned it on before signed in with another. */
export async function forgetBrowserPush(): Promise<void> {
  await (await browserPushSubscription())?.unsubscribe();
}

/** Registers this browser again for the current session, e.g. after a password change renewed it. */
export async function registerBrowserPushAgain(): Promise<boolean> {
  const subscription = await browserPushSubscription();
  if (!subscription) return false;
  await api.post('/api/push/subscriptions', subscription.toJSON() as PushSubscriptionBody);
  return true;
}
