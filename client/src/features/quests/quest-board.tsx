import { useMemo, useState } from 'react';
import type { Quest } from '@tapquest/shared';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { QuestCard } from './quest-card';
import { QuestDetailsSheet } from './quest-details-sheet';
import { myQuestsSource } from './quest-source';
import { QuestsModal } from './quests-modal';
import styles from './quests.module.css';
import { Callout } from '../../ui/callout/callout';

/** A brand hub's Quests tab: the brand's quests, each opening its details, and the way to all of the user's quests. */
export function QuestBoard({ quests }: { quests: Quest[] }) {
  const { token } = useSession();
  const source = useMemo(() => myQuestsSource(token), [token]);
  const [selected, setSelected] = useState<Quest | null>(null);
  const [allOpen, setAllOpen] = useState(false);

  return (
    <div className={styles.board}>
      {quests.length === 0 ? (
        <Callout>No quests available</Callout>
      ) : (
        <ul className={styles.cardList} aria-label="Quests">
          {quests.map((quest) => (
            <li key={quest.id}>
              <QuestCard quest={quest} onOpen={setSelected} />
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" fullWidth onClick={() => setAllOpen(true)}>
        Browse all my quests
      </Button>
      <QuestDetailsSheet quest={selected} onClose={() => setSelected(null)} />
      <QuestsModal open={allOpen} onClose={() => setAllOpen(false)} source={source} />
    </div>
  );
}
