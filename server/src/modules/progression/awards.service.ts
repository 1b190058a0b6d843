import { BADGE_SLOTS } from '@tapquest/shared';
import { Invalid, NotFound } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';
import { UserAward } from './award.model.js';

async function ownedIds(user: UserDoc, kind: 'flair' | 'badge'): Promise<Set<string>> {
  const owned = await UserAward.find({ userId: user._id, kind }, { awardId: 1 }).lean();
  return new Set(owned.map((o) => o.awardId));
}

/** Puts owned badges in the three avatar slots, in order; empty slots are null. */
export async function setBadges(user: UserDoc, badgeIDs: string[]): Promise<UserDoc> {
  if (new Set(badgeIDs).size !== badgeIDs.length) throw new Invalid('badgeIDs must not repeat a badge', 'badgeIDs');
  const owned = await ownedIds(user, 'badge');
  const foreign = badgeIDs.find((id) => !owned.has(id));
  if (foreign) throw new Invalid(`badgeIDs holds a badge you do not own: ${foreign}`, 'badgeIDs');
  const slots = Array.from({ length: BADGE_SLOTS }, (_, i) => badgeIDs[i] ?? null);
  const updated = await User.findOneAndUpdate({ _id: user._id }, { $set: { profileBadges: slots } }, { returnDocument: 'after' });
  if (!updated) throw new NotFound('User not found');
  return updated;
}

/** Wears an owned flair, or none with null. */
export async function setFlair(user: UserDoc, flairID: string | null): Promise<UserDoc> {
  if (flairID !== null && !(await ownedIds(user, 'flair')).has(flairID)) {
    throw new Invalid(`flairID is not a flair you own: ${flairID}`, 'flairID');
  }
  const updated = await User.findOneAndUpdate({ _id: user._id }, { $set: { profileFlair: flairID } }, { returnDocument: 'after' });
  if (!updated) throw new NotFound('User not found');
  return updated;
}
