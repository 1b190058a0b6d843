import type { AwardUnlock } from './progress-gain';
import { Modal } from '../../ui/modal/modal';
import styles from './rewards.module.css';

/** The congratulations modal for a newly unlocked flair or badge (SPEC section 2); OK closes it. */
export function UnlockModal({ award, onOk }: { award: AwardUnlock | null; onOk: () => void }) {
  return (
    <Modal
      open={award !== null}
      onClose={onOk}
      title="Congratulations!"
      media={award && <img className={styles.unlockImage} src={award.src} alt="" />}
      description={award && `You unlocked a new ${award.kind}: ${award.name}.`}
      actions={[{ label: 'OK', onClick: onOk }]}
    />
  );
}
