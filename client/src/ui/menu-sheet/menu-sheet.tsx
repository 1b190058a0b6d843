import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BottomSheet } from '../bottom-sheet/bottom-sheet';
import styles from './menu-sheet.module.css';

/** An action (`onSelect`) or a screen to go to (`to`). */
export type MenuSheetItem = { label: string; icon?: ReactNode } & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

/** A bottom sheet holding a list of actions and links; choosing one closes the sheet first. */
export function MenuSheet({ open, onClose, title, items }: { open: boolean; onClose: () => void; title: string; items: MenuSheetItem[] }) {
  return (
    <BottomSheet open={open} onClose={onClose} title={title}>
      <ul className={styles.menuList}>
        {items.map((item) => (
          <li key={item.label}>
            {item.to !== undefined ? (
              <Link to={item.to} className={styles.menuItem} onClick={onClose}>
                {item.icon}
                {item.label}
              </Link>
            ) : (
              <button
                type="button"
                className={styles.menuItem}
                onClick={() => {
                  onClose();
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </BottomSheet>
  );
}
