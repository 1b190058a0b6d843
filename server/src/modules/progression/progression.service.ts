import { Types } from 'mongoose';
import { levelForXp, nextCheckin } from '@tapquest/shared';
import { domainEvents } from '../../platform/domain-events.js';
import { Conflict, NotFound, isDuplicateKey } from '../../platform/errors.js';
import { User } from '../accounts/user.model.js';
import { Award, UserAward } from './award.model.js';

export interface XpResult {
  xp: number;
  level: number;
  leveledUp: boolean;
}

/** Publishes what an XP change means: always xp-granted, and level-up when a level was crossed. */
async function announceXp(userId: string, amount: number, xpAfter: number, reason: string): Promise<XpResult> {
  const before = levelForXp(xpAfter - amount);
  const after = levelForXp(xpAfter);
  await domainEvents.publish({ type: 'xp-granted', userId, amount, reason, xp: xpAfter, ...after });
  const leveledUp = after.level > before.level;
  if (leveledUp) await domainEvents.publish({ type: 'level-up', userId, level: after.level });
  return { xp: xpAfter, level: after.level, leveledUp };
}

/** Grants XP with one atomic $inc, so concurrent grants never lose an update. */
export async function grantXp(userId: string, amount: number, reason: string): Promise<XpResult> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`grantXp: invalid amount ${amount}`);
  const user = await User.findOneAndUpdate({ _id: userId }, { $inc: { xp: amount } }, { returnDocument: 'after', projection: { xp: 1 } });
  if (!user) throw new NotFound('User not found');
  return announceXp(userId, amount, user.xp, reason);
}

/** Grants a flair or badge once; returns false when the user already had it. */
export async function grantAward(userId: string, awardId: string): Promise<boolean> {
  const award = await Award.findById(awardId);
  if (!award) throw new NotFound(`Award ${awardId} not found`);
  try {
    await UserAward.create({ userId: new Types.ObjectId(userId), awardId, kind: award.kind });
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
  await domainEvents.publish({
    type: 'award-granted',
    userId,
    award: { id: award._id, kind: award.kind, name: award.name, image: award.image },
  });
  return true;
}

export interface CheckinResult extends XpResult {
  bonus: number;
  streak: number;
}

/**
 * The daily check-in. The write is conditional on the lastCheckin we read, and sets the streak and
 * adds the bonus in the same single-document update: of many simultaneous calls exactly one wins,
 * and there is no moment where the streak moved but the XP did not.
 */
export async function checkin(userId: string, now = new Date()): Promise<CheckinResult> {
  const user = await User.findById(userId, { history: 1 });
  if (!user) throw new NotFound('User not found');
  const last = user.history?.lastCheckin ?? null;
  const outcome = nextCheckin(last, user.history?.streak ?? 0, now);
  if (!outcome.allowed) throw new Conflict('You have already claimed your daily reward today');
  const updated = await User.findOneAndUpdate(
    { _id: userId, 'history.lastCheckin': last },
    { $set: { 'history.lastCheckin': now, 'history.streak': outcome.streak }, $inc: { xp: outcome.bonus } },
    { returnDocument: 'after', projection: { xp: 1 } },
  );
  if (!updated) throw new Conflict('You have already claimed your daily reward today');
  const xp = await announceXp(userId, outcome.bonus, updated.xp, 'daily-checkin');
  return { ...xp, bonus: outcome.bonus, streak: outcome.streak };
}
