import { Modal } from '../../ui/modal/modal';
import styles from './rewards.module.css';

/** SPEC section 2: shown when a claim lifts the level; Collect closes it. */
export function LevelUpModal({ level, onCollect }: { level: number | null; onCollect: () => void }) {
  return (
    <Modal
      open={level !== null}
      onClose={onCollect}
      title="Nice work! You leveled up!"
      media={
        <span className={styles.levelMedal} aria-hidden="true">
          <span className={styles.levelMedalLabel}>Level</span>
          <span className={styles.levelMedalValue}>{level}</span>
        </span>
      }
      description={`You reached level ${level}.`}
      actions={[{ label: 'Collect', onClick: onCollect }]}
    />
  );
}
