import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BADGE_SLOTS, type AwardRef, type UserProfile } from '@tapquest/shared';
import { assetUrl, errorMessage, setMyBadges, setMyFlair, type ApiResponse } from '../../../lib/api';
import { useSession } from '../../../lib/session/session-context';
import ghostBadge from '../../../ui/assets/ghost-badge.svg';
import { Button } from '../../../ui/button/button';
import { toast } from '../../../ui/toast/toast';
import { PickerGrid } from './picker-grid';
import styles from './edit-profile.module.css';

const SLOT_NAMES = ['Slot 1 (Left)', 'Slot 2 (Center)', 'Slot 3 (Right)'] as const;
const APPLY_FAILED = 'Could not apply your choice, please try again';

/** Sends a choice and puts the updated user in the session; the server's message shows as a toast. */
function useApply(send: () => Promise<ApiResponse<UserProfile>>, done: string) {
  const { session } = useSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: send,
    onSuccess: async (res) => {
      if (res.ok) {
        session.setUser(await res.json());
        toast.success(done);
      } else if (res.status === 401) {
        navigate('/login');
      } else {
        toast.error(await errorMessage(res, APPLY_FAILED));
      }
    },
    onError: () => toast.error(APPLY_FAILED),
  });
}

/** One flair on the avatar, or none: tap to choose, tap again to take it off; Apply once changed. */
export function FlairPicker({ user }: { user: UserProfile }) {
  const { session } = useSession();
  const saved = user.profileFlair?.id ?? null;
  const [draft, setDraft] = useState<string | null>(saved);
  const apply = useApply(() => setMyFlair(draft, session.getToken()), 'Flair applied');
  return (
    <section className={styles.card} aria-labelledby="flair-picker">
      <h2 id="flair-picker" className={styles.cardTitle}>
        Flair
      </h2>
      <p className={styles.prompt}>Select a Flair</p>
      <PickerGrid label="Flairs" awards={user.flairs} chosen={[draft]} onPick={(f) => setDraft(draft === f.id ? null : f.id)} />
      {user.flairs.length === 0 && <p className={styles.hint}>Flairs you earn on quests and with gear show up here.</p>}
      <Button fullWidth onClick={() => apply.mutate()} disabled={draft === saved} loading={apply.isPending}>
        Apply
      </Button>
    </section>
  );
}

/** Three badge slots: pick a slot, then a badge for it; Apply once changed (empty slots close up). */
export function BadgePicker({ user }: { user: UserProfile }) {
  const { session } = useSession();
  const saved = Array.from({ length: BADGE_SLOTS }, (_, i) => user.profileBadges[i]?.id ?? null);
  const [draft, setDraft] = useState<(string | null)[]>(saved);
  const [slot, setSlot] = useState(0);
  const apply = useApply(
    () =>
      setMyBadges(
        draft.filter((id): id is string => id !== null),
        session.getToken(),
      ),
    'Badges applied',
  );
  const changed = draft.some((id, i) => id !== saved[i]);
  const byId = new Map<string, AwardRef>(user.badges.map((b) => [b.id, b]));

  function pick(id: string) {
    setDraft((current) => {
      // A badge sits in one slot at most: choosing it for this slot takes it out of any other; choosing the one already here empties the slot.
      const next = current.map((held) => (held === id ? null : held));
      if (current[slot] !== id) next[slot] = id;
      return next;
    });
  }

  return (
    <section className={styles.card} aria-labelledby="badge-picker">
      <h2 id="badge-picker" className={styles.cardTitle}>
        Badges
      </h2>
      <div className={styles.slots} role="group" aria-label="Badge slots">
        {SLOT_NAMES.map((name, i) => {
          const badge = draft[i] ? byId.get(draft[i]) : undefined;
          return (
            <button
              key={name}
              type="button"
              className={styles.slot}
              aria-pressed={slot === i}
              aria-label={`${name}: ${badge?.name ?? 'empty'}`}
              onClick={() => setSlot(i)}
            >
              <img src={badge ? assetUrl(badge.src) : ghostBadge} alt="" />
              <span>{name}</span>
            </button>
          );
        })}
      </div>
      <p className={styles.prompt}>Select a Badge</p>
      <PickerGrid label="Badges" awards={user.badges} chosen={[draft[slot]]} onPick={(b) => pick(b.id)} />
      {user.badges.length === 0 && <p className={styles.hint}>Badges you earn on quests and with gear show up here.</p>}
      <Button fullWidth onClick={() => apply.mutate()} disabled={!changed} loading={apply.isPending}>
        Apply
      </Button>
    </section>
  );
}
