import { Types } from 'mongoose';
import type { PushSubscriptionBody } from '@tapquest/shared';
import { Invalid, isDuplicateKey } from '../../platform/errors.js';
import { PushSubscriptionRecord } from './push-subscription.model.js';

/**
 * Stores the browser's subscription for the user; true when it is new, false when it was known and
 * its keys were updated. A browser belongs to whoever registered it last: when someone else signs in
 * on it, the previous account's row for that endpoint goes, so their notices stop arriving there.
 */
export async function registerPushSubscription(userId: string, sub: PushSubscriptionBody): Promise<boolean> {
  // Keys that cannot encrypt would make every later push fail; refuse them now, naming the field.
  const p256dh = Buffer.from(sub.keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) {
    throw new Invalid('keys.p256dh must be an uncompressed P-256 public key', 'keys.p256dh');
  }
  if (Buffer.from(sub.keys.auth, 'base64url').length < 16) throw new Invalid('keys.auth must be at least 16 bytes', 'keys.auth');
  const owner = new Types.ObjectId(userId);
  await PushSubscriptionRecord.deleteMany({ endpoint: sub.endpoint, userId: { $ne: owner } });
  const write = () =>
    PushSubscriptionRecord.updateOne(
      { userId: owner, endpoint: sub.endpoint },
      { $set: { keys: sub.keys, expirationTime: sub.expirationTime ?? null }, $setOnInsert: { createdAt: new Date() } },
      { upsert: true },
    );
  try {
    return (await write()).upsertedCount === 1;
  } catch (err) {
    // Two registrations of the same new endpoint raced; the unique index let one insert, this one updates.
    if (!isDuplicateKey(err)) throw err;
    await write();
    return false;
  }
}

export async function pushSubscriptionsOf(userId: string) {
  return PushSubscriptionRecord.find({ userId: new Types.ObjectId(userId) }).lean();
}

export async function removePushSubscription(id: Types.ObjectId): Promise<void> {
  await PushSubscriptionRecord.deleteOne({ _id: id });
}
