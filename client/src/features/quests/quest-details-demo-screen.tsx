import { useMemo, useState } from 'react';
import type { Quest } from '@tapquest/shared';
import { Screen } from '../../ui/screen/screen';
import { demoQuests } from './demo-quests';
import { QuestCard } from './quest-card';
import { QuestDetailsSheet } from './quest-details-sheet';
import styles from './quests.module.css';

/** /quest-details-demo: the quest details sheet for demo quests, the upcoming one open first. */
export function QuestDetailsDemoScreen() {
  const quests = useMemo(() => demoQuests(), []);
  const [selected, setSelected] = useState<Quest | null>(() => quests.find((q) => q.status === 'upcoming') ?? null);
  return (
    <Screen title="Quest details" lead="The quest details sheet with demo quests: an upcoming one counts down to its start.">
      <ul className={styles.cardList} aria-label="Demo quests">
        {quests.map((quest) => (
          <li key={quest.id}>
            <QuestCard quest={quest} onOpen={setSelected} />
          </li>
        ))}
      </ul>
      <QuestDetailsSheet quest={selected} onClose={() => setSelected(null)} />
    </Screen>
  );
}
