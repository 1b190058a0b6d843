import { PICKER_CELLS, type OwnedAward } from '@tapquest/shared';
import { assetUrl } from '../../../lib/api';
import styles from './edit-profile.module.css';

export interface PickerGridProps {
  label: string;
  awards: OwnedAward[];
  /** Ids shown as chosen (pressed). */
  chosen: (string | null)[];
  onPick: (award: OwnedAward) => void;
}

/** The awards to choose from, padded with empty cells to PICKER_CELLS (SPEC sections 5 and 9). */
export function PickerGrid({ label, awards, chosen, onPick }: PickerGridProps) {
  const padding = Math.max(0, PICKER_CELLS - awards.length);
  return (
    <ul className={styles.grid} aria-label={label}>
      {awards.map((award) => (
        <li key={award.id} className={styles.cell}>
          <button type="button" className={styles.cellButton} aria-pressed={chosen.includes(award.id)} onClick={() => onPick(award)}>
            <img src={assetUrl(award.src)} alt="" />
            <span>{award.name}</span>
          </button>
        </li>
      ))}
      {Array.from({ length: padding }, (_, i) => (
        <li key={`empty-${i}`} className={styles.cell} data-empty aria-hidden="true" />
      ))}
    </ul>
  );
}
