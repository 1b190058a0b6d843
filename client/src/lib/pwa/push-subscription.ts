import type { PushSubscriptionBody } from '@tapquest/shared';
import { getVapidPublicKey, registerPush } from '../api';

// Push notifications: permission, a subscription with the server's VAPID key, and
// POST /push/register. The service worker (src/sw.ts) shows what is pushed.

export type PushOutcome =
  | 'granted'
  /** The person (or a policy) refused notifications. */
  | 'denied'
  /** The permission dialog was closed without an answer. */
  | 'dismissed'
  /** No service worker, Push API or Notification API here, or no push service behind them. */
  | 'unsupported'
  /** The server did not give its key or did not take the subscription. */
  | 'failed';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function enablePush(token: string | null): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';

  // getRegistration, not ready: ready never settles where no worker is registered (development builds).
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'unsupported';
  const keyRes = await getVapidPublicKey().catch(() => null);
  if (!keyRes?.ok) return 'failed';
  const { publicKey } = await keyRes.json();

  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  } catch (err) {
    console.warn('push subscription failed', err);
    return 'unsupported';
  }
  const res = await registerPush(subscription.toJSON() as PushSubscriptionBody, token).catch(() => null);
  return res?.ok ? 'granted' : 'failed';
}
