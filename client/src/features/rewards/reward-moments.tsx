import { useState } from 'react';
import { ClaimMomentModal, useClaimMoments } from './claim-moments';
import { DailyRewardOffer } from './daily-reward-offer';

/**
 * The daily reward and what gear claims brought, never two modals at once: a claim's level-up and
 * unlocks wait while the daily reward is on screen, and the daily reward waits for them.
 */
export function RewardMoments() {
  const [moments, next] = useClaimMoments();
  const [rewardShowing, setRewardShowing] = useState(false);
  const celebrating = !rewardShowing && moments.length > 0;
  return (
    <>
      {!celebrating && <DailyRewardOffer onShowingChange={setRewardShowing} />}
      <ClaimMomentModal moment={celebrating ? moments[0]! : null} onDone={next} />
    </>
  );
}
