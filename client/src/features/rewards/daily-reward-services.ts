import { fromPromise } from 'xstate';
import { checkIn, errorMessage, getLoginHistory, getMyProfile } from '../../lib/api';
import type { Session } from '../../lib/session/session';
import { lastCheckinDayItem, rewardDismissedDayItem } from '../../lib/storage/stored-item';
import { CLAIM_FAILED, ClaimRefused, type RewardClaim, type RewardStatus } from './daily-reward.machine';
import { awardsOf } from './progress-gain';

// The real implementations behind the daily reward machine's named actors and actions: the API,
// the session (which keeps the new token the check-in hands back) and browser storage.

export function dailyRewardImplementations(session: Session) {
  return {
    actors: {
      loadStatus: fromPromise<RewardStatus>(async () => {
        const res = await getLoginHistory(session.getToken());
        if (!res.ok) throw new Error(`login history failed with HTTP ${res.status}`);
        const user = session.getUser();
        return { history: await res.json(), level: user?.level ?? 1, awardIds: user ? awardsOf(user).map((a) => a.id) : [] };
      }),
      claimReward: fromPromise<RewardClaim>(async () => {
        const res = await checkIn(session.getToken());
        if (!res.ok) throw new ClaimRefused(await errorMessage(res, CLAIM_FAILED), res.status === 409);
        const checkin = await res.json();
        // The check-in answers with a fresh token; the profile is read with it so the new XP, level
        // and awards show at once, and both go into the session together.
        const profile = await getMyProfile(checkin.token).catch(() => null);
        const user = profile?.ok ? await profile.json() : undefined;
        session.signIn(checkin.token, user);
        return { checkin, awards: user ? awardsOf(user) : [] };
      }),
    },
    actions: {
      persistCheckinDay: (_: unknown, params: { day: string }) => lastCheckinDayItem.write(params.day),
      persistDismissedDay: (_: unknown, params: { day: string }) => rewardDismissedDayItem.write(params.day),
    },
  };
}
