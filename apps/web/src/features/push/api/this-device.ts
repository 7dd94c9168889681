import type { PushSubscriptionBody } from '@app/shared/notifications/push.schemas';
import { browserPushSubscription } from '@/lib/browser-push';
import { removeSubscription, saveSubscription } from './push-api';

/** Why this browser cannot have push on, or null when it can. */
export type DevicePushBlock = 'unsupported' | 'denied' | null;

export function devicePushBlock(): DevicePushBlock {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : null;
}

/** The push subscription of this browser, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (devicePushBlock() === 'unsupported') return null;
  return browserPushSubscription();
}

/**
 * Asks the browser's permission, subscribes this browser to the server's key and saves it. Resolves
 * false when the trader declined the permission prompt.
 */
export async function turnOnForThisDevice(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await saveSubscription(subscription.toJSON() as PushSubscriptionBody);
  return true;
}

export async function turnOffForThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await removeSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
