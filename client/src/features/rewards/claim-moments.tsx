import { useEffect, useState } from 'react';
import type { GearClaim } from '../../lib/session/session';
import { useSession } from '../../lib/session/session-context';
import { LevelUpModal } from './level-up-modal';
import { profileGain, type AwardUnlock } from './progress-gain';
import { UnlockModal } from './unlock-modal';

export type ClaimMoment = { kind: 'level'; level: number } | { kind: 'award'; award: AwardUnlock };

function momentsOf(claims: GearClaim[]): ClaimMoment[] {
  return claims.flatMap(({ before, after }) => {
    const { levelUp, unlocks } = profileGain(before, after);
    return [
      ...(levelUp ? [{ kind: 'level' as const, level: levelUp }] : []),
      ...unlocks.map((award) => ({ kind: 'award' as const, award })),
    ];
  });
}

/** What the gear claims made in this session brought (level-ups, then unlocks), in order, and a way to move past the first. */
export function useClaimMoments(): [ClaimMoment[], () => void] {
  const { session } = useSession();
  const [moments, setMoments] = useState<ClaimMoment[]>([]);
  useEffect(() => {
    const take = () => {
      const claims = session.takeGearClaims();
      if (claims.length) setMoments((queued) => [...queued, ...momentsOf(claims)]);
    };
    take();
    return session.onGearClaim(take);
  }, [session]);
  return [moments, () => setMoments((queued) => queued.slice(1))];
}

/** One moment at a time: the level-up modal (Collect) or the congratulations unlock modal (OK). */
export function ClaimMomentModal({ moment, onDone }: { moment: ClaimMoment | null; onDone: () => void }) {
  return (
    <>
      <LevelUpModal level={moment?.kind === 'level' ? moment.level : null} onCollect={onDone} />
      <UnlockModal award={moment?.kind === 'award' ? moment.award : null} onOk={onDone} />
    </>
  );
}
