import webpush from 'web-push';
import type { Notice } from '@tapquest/shared';
import type { Logger } from '../../platform/logger.js';
import type { Secrets } from '../../platform/secrets.js';
import { noticeBus, type CreatedNotice } from '../../realtime/notice-bus.js';
import { pushSubscriptionsOf, removePushSubscription } from './push.service.js';

// Every new notice also goes out as a web push to the owner's browsers. web-push encrypts the
// payload (RFC 8291, aes128gcm) and signs the VAPID JWT; the request itself goes out with fetch, so
// a push service is reached over http as well as https (the tests' local one) and with a timeout.
// Delivery never holds up the notice: it runs after the notice is stored and announced, failures
// are logged, and a subscription the push service calls gone (404, 410) is forgotten.

/** A push kept by the push service for an hour: a notice older than that is stale news on a lock screen. */
export const PUSH_TTL_SECONDS = 3600;
/** Users served at once, so a fan-out to thousands does not open thousands of sockets to push services. */
const PUSH_CONCURRENCY = 16;
const PUSH_TIMEOUT_MS = 10_000;

export interface PushPayload {
  title: string;
  message: string;
  /** The client route the notification opens. */
  url: string;
}

export function pushPayloadOf(notice: Notice): PushPayload {
  const url =
    notice.type === 'new-quest' && notice.args.quest
      ? `/brandhub/${notice.args.quest.brandId}`
      : notice.type === 'new-award'
        ? '/profile'
        : '/notice';
  return { title: notice.title, message: notice.message, url };
}

// A new quest is time-bound (it may start soon), so it may wake a device; the rest can wait for a good moment.
const urgencyOf = (notice: Notice) => (notice.type === 'new-quest' ? 'high' : 'normal');

const inFlight = new Set<Promise<void>>();

/** Resolves once every push started so far has been answered or has failed (tests await this). */
export async function pushDeliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** Sends a push for every notice this node creates; returns the unsubscribe. */
export function startPushDelivery(opts: { secrets: Secrets; subject: string; logger: Logger }): () => void {
  const vapid: Vapid = { subject: opts.subject, publicKey: opts.secrets.vapidPublicKey, privateKey: opts.secrets.vapidPrivateKey };
  const logger = opts.logger.child({ module: 'push' });
  return noticeBus.subscribe((message) => {
    // Each node hears every node's notices; the one that made a notice pushes it, once.
    if (message.type !== 'notice-created' || message.origin !== noticeBus.nodeId) return;
    const delivery = deliver(message.notices, vapid, logger).catch((err) => logger.error({ err }, 'push delivery failed'));
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  });
}

// One user at a time per worker, looked up by equality on the indexed userId: a single
// { userId: { $in: thousands } } query would hold the database for seconds on the embedded engine.
async function deliver(created: CreatedNotice[], vapid: Vapid, logger: Logger): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < created.length) {
      const { userId, notice } = created[next++];
      for (const sub of await pushSubscriptionsOf(userId)) await send(sub, notice, vapid, logger);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, created.length) }, worker));
}

type StoredSubscription = Awaited<ReturnType<typeof pushSubscriptionsOf>>[number];

async function send(sub: StoredSubscription, notice: Notice, vapid: Vapid, logger: Logger): Promise<void> {
  const where = { endpoint: new URL(sub.endpoint).origin, notice_id: notice.notice_id };
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } },
      JSON.stringify(pushPayloadOf(notice)),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: urgencyOf(notice), contentEncoding: 'aes128gcm' },
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) {
      await removePushSubscription(sub._id);
      logger.info({ ...where, status: res.status }, 'push subscription gone, removed');
    } else if (!res.ok) {
      logger.warn({ ...where, status: res.status }, 'push service refused the notice');
    }
  } catch (err) {
    logger.warn({ ...where, err }, 'push not delivered');
  }
}
