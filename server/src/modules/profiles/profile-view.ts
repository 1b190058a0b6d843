import { BADGE_SLOTS, levelForXp, type AwardRef, type OwnedAward, type PublicProfile, type UserProfile } from '@tapquest/shared';
import { User, type UserDoc } from '../accounts/user.model.js';
import { Award, UserAward } from '../progression/award.model.js';

// Builds the profile shapes of SPEC section 3 from a user document. The public shape is a
// whitelist: nothing that identifies the account (email, ids, provider ids, login history).

const ref = (a: { _id: string; image: string; name: string }): AwardRef => ({ id: a._id, src: a.image, name: a.name });

export async function ownedAwards(userId: UserDoc['_id']) {
  const owned = await UserAward.find({ userId }).sort({ acquiredAt: 1 }).lean();
  const catalogue = await Award.find({ _id: { $in: owned.map((o) => o.awardId) } }).lean();
  const byId = new Map(catalogue.map((a) => [a._id, a]));
  const flairs: OwnedAward[] = [];
  const badges: OwnedAward[] = [];
  for (const o of owned) {
    const a = byId.get(o.awardId);
    if (!a) continue;
    const item = { ...ref(a), description: a.description ?? '', issuer: a.issuer ?? 'Tapquest', acquisitionDate: o.acquiredAt.toISOString() };
    (a.kind === 'flair' ? flairs : badges).push(item);
  }
  return { flairs, badges, byId };
}

export async function rankOf(xp: number): Promise<number> {
  return 1 + (await User.countDocuments({ xp: { $gt: xp } }));
}

export async function toPublicProfile(user: UserDoc): Promise<PublicProfile> {
  const { flairs, badges, byId } = await ownedAwards(user._id);
  const slot = (id: string | null | undefined) => {
    const a = id ? byId.get(id) : undefined;
    return a ? ref(a) : null;
  };
  const badgeSlots = Array.from({ length: BADGE_SLOTS }, (_, i) => slot(user.profileBadges?.[i]));
  const progress = levelForXp(user.xp ?? 0);
  return {
    username: user.username ?? null,
    location: user.location ?? '',
    bio: user.bio ?? '',
    link: user.link ?? '',
    website: user.website ?? '',
    instagram: user.instagram ?? '',
    twitter: user.twitter ?? '',
    profilePicture: user.profilePicture ?? null,
    banner: user.banner ?? null,
    profileFlair: slot(user.profileFlair),
    profileBadges: badgeSlots,
    flairs,
    badges,
    xp: user.xp ?? 0,
    experience: { current: progress.current, required: progress.required },
    level: progress.level,
    rank: await rankOf(user.xp ?? 0),
    questCount: user.questCount ?? 0,
    interfaceCount: user.interfaceCount ?? 0,
  };
}

export async function toUserProfile(user: UserDoc): Promise<UserProfile> {
  return {
    ...(await toPublicProfile(user)),
    email: user.email ?? '',
    role: user.role === 'admin' ? 'admin' : 'user',
    history: { lastCheckin: user.history?.lastCheckin?.toISOString() ?? null, streak: user.history?.streak ?? 0 },
  };
}
