import { BADGE_SLOTS } from '@tapquest/shared';
import { NotFound } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';
import { UserAward } from '../progression/award.model.js';

// What "a fresh account" means (the admin's Reset Profile): everything earned goes; the account,
// login, username and profile texts stay. Progress kept by other modules (claimed gear, quest
// progress, notices) is theirs to forget: each registers a reset here when its file is imported,
// so admin never has to know which modules keep progress.

export type ProgressReset = (userId: string) => Promise<void>;

const resets = new Map<string, ProgressReset>();

/**
 * Adds a module's part of the reset. Call at import time, once per module; registering a name again
 * replaces the earlier reset, so a module loaded twice (or bridged, see module-resets.ts) runs once.
 * Answers a function that takes the reset out again.
 */
export function registerProgressReset(name: string, reset: ProgressReset): () => void {
  resets.set(name, reset);
  return () => {
    if (resets.get(name) === reset) resets.delete(name);
  };
}

/** The names registered so far, for tests and diagnostics. */
export function registeredProgressResets(): string[] {
  return [...resets.keys()];
}

export async function resetProgress(user: UserDoc): Promise<UserDoc> {
  const userId = user.id as string;
  await Promise.all([...resets.values()].map((reset) => reset(userId)));
  await UserAward.deleteMany({ userId: user._id });
  // After the modules: some of them zero a counter on the user too, and this is the final word.
  const fresh = await User.findOneAndUpdate(
    { _id: user._id },
    {
      $set: {
        xp: 0,
        questCount: 0,
        interfaceCount: 0,
        history: { lastCheckin: null, streak: 0 },
        profileFlair: null,
        profileBadges: Array.from({ length: BADGE_SLOTS }, () => null),
      },
    },
    { returnDocument: 'after' },
  );
  if (!fresh) throw new NotFound('User not found');
  return fresh;
}
