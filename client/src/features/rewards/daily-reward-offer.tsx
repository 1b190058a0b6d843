import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { DAILY_BONUS_XP } from '@tapquest/shared';
import { useSession } from '../../lib/session/session-context';
import { lastCheckinDayItem, rewardDismissedDayItem } from '../../lib/storage/stored-item';
import { GiftIcon } from '../../ui/icons/icons';
import { Modal } from '../../ui/modal/modal';
import { dailyRewardImplementations } from './daily-reward-services';
import { dailyRewardMachine } from './daily-reward.machine';
import { LevelUpModal } from './level-up-modal';
import { UnlockModal } from './unlock-modal';
import { XpGain } from './xp-gain';
import styles from './rewards.module.css';

/**
 * The daily reward with what follows a claim (level-up, unlocks). Mount it once the signed-in
 * user's profile is on screen: it decides by itself whether there is anything to offer today.
 */
export function DailyRewardOffer({ onShowingChange }: { onShowingChange?: (showing: boolean) => void } = {}) {
  const { session } = useSession();
  const machine = useMemo(() => dailyRewardMachine.provide(dailyRewardImplementations(session)), [session]);
  const actor = useActorRef(machine, {
    input: { lastCheckinDay: lastCheckinDayItem.read(), dismissedDay: rewardDismissedDayItem.read() },
  });
  const state = useSelector(actor, (s) => s);
  const { offer, claimed, error, levelUp, unlocks } = state.context;
  // Anything but waiting (to check, to load, for tomorrow) has a modal of this offer on screen.
  const anyModal = !(state.matches('checking') || state.matches('loading') || state.matches('resting'));
  useEffect(() => onShowingChange?.(anyModal), [anyModal, onShowingChange]);

  const showing = state.matches('offered') || state.matches('claiming') || state.matches('claimed') || state.matches('failed');
  const done = state.matches('claimed');
  // A claim refused because today's reward is gone cannot be tried again: its button closes.
  const closing = done || (state.matches('failed') && !state.can({ type: 'CLAIM' }));
  const close = () => actor.send(done ? { type: 'CLOSE' } : { type: 'DISMISS' });

  return (
    <>
      {offer && (
        <Modal
          open={showing}
          onClose={close}
          title="Welcome back!"
          media={
            <span className={styles.gift} aria-hidden="true">
              <GiftIcon />
            </span>
          }
          description={`Day ${offer.day} streak bonus: ${offer.bonus} XP`}
          actions={[
            closing
              ? { label: 'Close', onClick: close }
              : { label: 'Claim', onClick: () => actor.send({ type: 'CLAIM' }), loading: state.matches('claiming') },
          ]}
        >
          <StreakTrack day={offer.day} claimed={done} />
          {claimed && <XpGain amount={claimed.bonus} />}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </Modal>
      )}
      <LevelUpModal level={state.matches('levelUp') ? levelUp : null} onCollect={() => actor.send({ type: 'COLLECT' })} />
      <UnlockModal award={state.matches('unlocked') ? (unlocks[0] ?? null) : null} onOk={() => actor.send({ type: 'ACKNOWLEDGE' })} />
    </>
  );
}

/** Day 1 to Day 5+ with their bonuses; the days before today's are done, today's is marked. */
function StreakTrack({ day, claimed }: { day: number; claimed: boolean }) {
  const current = Math.min(day, DAILY_BONUS_XP.length) - 1;
  return (
    <ol className={styles.track} aria-label="Streak">
      {DAILY_BONUS_XP.map((xp, i) => {
        const status = i < current || (i === current && claimed) ? 'done' : i === current ? 'today' : 'ahead';
        const label = i === DAILY_BONUS_XP.length - 1 ? `Day ${i + 1}+` : `Day ${i + 1}`;
        return (
          <li key={label} className={styles.trackDay} data-status={status} aria-current={i === current ? 'step' : undefined}>
            <span className={styles.trackLabel}>{label}</span>
            <span className={styles.trackXp}>{xp} XP</span>
          </li>
        );
      })}
    </ol>
  );
}
