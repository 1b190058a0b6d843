import type { QuestStatus } from '@tapquest/shared';
import styles from './quests.module.css';

const LABEL: Record<QuestStatus, string> = { active: 'Active', upcoming: 'Upcoming', completed: 'Completed' };

export function QuestStatusTag({ status }: { status: QuestStatus }) {
  return (
    <span className={styles.status} data-status={status}>
      {LABEL[status]}
    </span>
  );
}
