import type { ReactNode } from 'react';
import { CAROUSEL_VISIBLE } from '@tapquest/shared';
import styles from './carousel.module.css';

export interface CarouselProps<T> {
  items: readonly T[];
  label: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Called from the '+N more' tile; without it the tile only informs. */
  onShowMore?: () => void;
  /** Shown when there are no items. */
  empty?: ReactNode;
}

/** A horizontal strip showing CAROUSEL_VISIBLE items, then a '+N more' tile (SPEC section 9). */
export function Carousel<T>({ items, label, getKey, renderItem, onShowMore, empty }: CarouselProps<T>) {
  if (items.length === 0 && empty) return <p className={styles.empty}>{empty}</p>;
  const shown = items.slice(0, CAROUSEL_VISIBLE);
  const hidden = items.length - shown.length;
  return (
    <ul className={styles.carousel} aria-label={label}>
      {shown.map((item) => (
        <li key={getKey(item)} className={styles.item}>
          {renderItem(item)}
        </li>
      ))}
      {hidden > 0 && (
        <li className={styles.item}>
          {onShowMore ? (
            <button type="button" className={styles.more} onClick={onShowMore}>
              +{hidden} more
            </button>
          ) : (
            <span className={styles.more}>+{hidden} more</span>
          )}
        </li>
      )}
    </ul>
  );
}
