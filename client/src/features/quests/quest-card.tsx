import type { Quest } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { ChevronRightIcon, GiftIcon } from '../../ui/icons/icons';
import { isInPerson } from './in-person';
import { QuestStatusTag } from './quest-status-tag';
import styles from './quests.module.css';

/** A quest in a list: banner, title, status, place and date; opens the details sheet. */
export function QuestCard({ quest, onOpen }: { quest: Quest; onOpen: (quest: Quest) => void }) {
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(quest)}>
      <img className={styles.cardImage} src={assetUrl(quest.bannerImage)} alt="" />
      <span className={styles.cardBody}>
        <span className={styles.cardTitle}>{quest.title}</span>
        <span className={styles.cardMeta}>
          {quest.location}
          {isInPerson(quest.location) ? ' · In-person' : ''}
        </span>
        <span className={styles.cardTags}>
          <QuestStatusTag status={quest.status} />
          {quest.hasReward && (
            <span className={styles.rewardHint}>
              <GiftIcon aria-hidden="true" />
              Rewards
            </span>
          )}
        </span>
      </span>
      <ChevronRightIcon className={styles.cardChevron} />
    </button>
  );
}
