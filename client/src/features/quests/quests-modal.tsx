import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QUEST_FILTERS, type Quest, type QuestFilter } from '@tapquest/shared';
import { BottomSheet } from '../../ui/bottom-sheet/bottom-sheet';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { QuestCard } from './quest-card';
import { QuestDetailsSheet } from './quest-details-sheet';
import type { QuestSource } from './quest-source';
import styles from './quests.module.css';
import { Callout } from '../../ui/callout/callout';

// The quests modal (SPEC section 2): every quest of the user, filtered All Quests, Active,
// Completed, Upcoming or Rewards (GET /my/quests?filter=). A quest opens its details sheet in its place.

const FILTER_LABEL: Record<QuestFilter, string> = {
  all: 'All Quests',
  active: 'Active',
  completed: 'Completed',
  upcoming: 'Upcoming',
  rewards: 'Rewards',
};

export interface QuestsModalProps {
  open: boolean;
  onClose: () => void;
  source: QuestSource;
}

export function QuestsModal({ open, onClose, source }: QuestsModalProps) {
  const [filter, setFilter] = useState<QuestFilter>('all');
  const [selected, setSelected] = useState<Quest | null>(null);
  if (open && selected) return <QuestDetailsSheet quest={selected} onClose={() => setSelected(null)} />;
  return (
    <BottomSheet open={open} onClose={onClose} title="Quests">
      <QuestsList source={source} filter={filter} onFilter={setFilter} onOpen={setSelected} />
    </BottomSheet>
  );
}

interface QuestsListProps {
  source: QuestSource;
  filter: QuestFilter;
  onFilter: (filter: QuestFilter) => void;
  onOpen: (quest: Quest) => void;
}

function QuestsList({ source, filter, onFilter, onOpen }: QuestsListProps) {
  const quests = useQuery({ queryKey: ['quests', source.key, filter], queryFn: () => source.load(filter) });

  return (
    <div className={styles.modalBody}>
      <div className={styles.filters} role="group" aria-label="Filter quests">
        {QUEST_FILTERS.map((id) => (
          <button key={id} type="button" className={styles.filter} aria-pressed={filter === id} onClick={() => onFilter(id)}>
            {FILTER_LABEL[id]}
          </button>
        ))}
      </div>
      {quests.isPending ? (
        <ProgressIndicator state="indeterminate" label="Loading quests" />
      ) : quests.isError ? (
        <Callout tone="error">An unexpected error occurred</Callout>
      ) : quests.data.length === 0 ? (
        <Callout>No quests available</Callout>
      ) : (
        <ul className={styles.cardList} aria-label={FILTER_LABEL[filter]}>
          {quests.data.map((quest) => (
            <li key={quest.id}>
              <QuestCard quest={quest} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
