import { BADGE_SLOTS } from '@tapquest/shared';
import { NotFound } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';
import { resetGearForUser } from '../gear/gear.service.js';
import { resetNoticesForUser } from '../notices/notices.service.js';
import { UserAward } from '../progression/award.model.js';
import { resetQuestProgressForUser } from '../quests/quests.service.js';

// What "a fresh account" means (the admin's Reset Profile), in one place: everything earned goes;
// the account, login, username and profile texts stay. Each module forgets the progress it keeps.
const moduleResets: ((userId: string) => Promise<void>)[] = [resetGearForUser, resetQuestProgressForUser, resetNoticesForUser];

export async function resetProgress(user: UserDoc): Promise<UserDoc> {
  const userId = user.id as string;
  await Promise.all(moduleResets.map((reset) => reset(userId)));
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
