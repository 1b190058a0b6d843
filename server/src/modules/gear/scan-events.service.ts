import { Types } from 'mongoose';
import { EVENT_COOKIE_DAYS, type ScanEventView } from '@tapquest/shared';
import { NotFound } from '../../platform/errors.js';
import { Brand } from '../brands/brand.model.js';
import { recordQuestActivity } from '../quests/quests.service.js';
import { GearItem, GearModel } from './gear.model.js';
import { SCAN_EVENT_ID, ScanEvent, type ScanEventFields } from './scan-event.model.js';

// Taps (scan events) and the event upgrade. A tap from an NFC tag is a plain browser navigation:
// it rarely carries a bearer, so who tapped is learnt afterwards, when the app opens and PATCHes
// the event with its anonymous id and, if signed in, its token. A tap counts for the tapper's
// quests at the moment the event gets its user, which happens at most once per event.

export const UNKNOWN_TAG = 'This gear tag is not recognised';
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
/** How far back a claim looks for the claimer's anonymous taps: the event cookie's lifetime. */
const ANONYMOUS_TAP_HORIZON_MS = EVENT_COOKIE_DAYS * 86_400_000;

export interface TapContext {
  anonId: string | null;
  userId: string | null;
  country: string | null;
  at?: Date;
}

export async function recordTap(deviceToken: string, context: TapContext): Promise<{ eventId: string }> {
  const item = DEVICE_TOKEN.test(deviceToken) ? await GearItem.findOne({ deviceToken }, { modelId: 1, brandId: 1 }).lean() : null;
  if (!item) throw new NotFound(UNKNOWN_TAG);
  const at = context.at ?? new Date();
  const event = await ScanEvent.create({
    itemId: item._id,
    modelId: item.modelId,
    brandId: item.brandId,
    at,
    anonId: context.anonId,
    userId: context.userId ? new Types.ObjectId(context.userId) : null,
    country: context.country,
  });
  if (context.userId) await recordQuestActivity(context.userId, { kind: 'tap', modelId: item.modelId, at });
  return { eventId: event._id };
}

/**
 * Attaches the browser's anonymous id and/or the signed-in user to a tap. Each is set only while
 * empty, so repeating the call changes nothing and a second user cannot take over the tap.
 * Answers the event's view for its own user, and null (nothing to say) for anyone else.
 */
export async function upgradeScanEvent(eventId: string, by: { uuid?: string; userId?: string }): Promise<ScanEventView | null> {
  const event = SCAN_EVENT_ID.test(eventId) ? await ScanEvent.findById(eventId).lean() : null;
  if (!event) throw new NotFound('Event not found');
  // The browser id goes only on a tap nobody owns yet, or by its owner: another user must not mark someone's tap as theirs.
  if (by.uuid && !event.anonId && (!event.userId || String(event.userId) === by.userId)) {
    await ScanEvent.updateOne({ _id: event._id, anonId: null, userId: event.userId }, { $set: { anonId: by.uuid } });
  }
  if (!by.userId) return null;
  let owner = event.userId;
  if (!owner) {
    const attached = await ScanEvent.updateOne({ _id: event._id, userId: null }, { $set: { userId: new Types.ObjectId(by.userId) } });
    if (attached.modifiedCount === 1) await recordQuestActivity(by.userId, { kind: 'tap', modelId: event.modelId, at: event.at });
    owner = (await ScanEvent.findById(event._id, { userId: 1 }).lean())?.userId ?? null;
  }
  return owner && String(owner) === by.userId ? toView(event, by.userId) : null;
}

/** Gives a user the recent taps their browser made before they signed in (matched by the event cookie). */
export async function attachAnonymousTaps(anonId: string, userId: string, now = new Date()): Promise<void> {
  const events = await ScanEvent.find({ anonId, userId: null, at: { $gte: new Date(now.getTime() - ANONYMOUS_TAP_HORIZON_MS) } })
    .sort({ at: 1 })
    .limit(100)
    .lean();
  for (const event of events) {
    const attached = await ScanEvent.updateOne({ _id: event._id, userId: null }, { $set: { userId: new Types.ObjectId(userId) } });
    if (attached.modifiedCount === 1) await recordQuestActivity(userId, { kind: 'tap', modelId: event.modelId, at: event.at });
  }
}

async function toView(event: ScanEventFields & { _id: string }, userId: string): Promise<ScanEventView> {
  const [item, model, brand] = await Promise.all([
    GearItem.findById(event.itemId, { claimedBy: 1 }).lean(),
    GearModel.findById(event.modelId, { name: 1, image: 1 }).lean(),
    Brand.findById(event.brandId, { name: 1, logoSmall: 1 }).lean(),
  ]);
  return {
    id: event._id,
    at: event.at.toISOString(),
    gear: {
      id: String(event.itemId),
      name: model?.name ?? '',
      image: model?.image ?? '',
      brandId: event.brandId,
      organization: { name: brand?.name ?? '', brand_logo_small: brand?.logoSmall ?? '' },
    },
    claimable: Boolean(item) && !item?.claimedBy,
    claimedByYou: Boolean(item?.claimedBy) && String(item?.claimedBy) === userId,
  };
}
