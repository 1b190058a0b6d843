import type { ReactNode } from 'react';
import { BottomSheet } from '../bottom-sheet/bottom-sheet';
import styles from './menu-sheet.module.css';

export interface MenuSheetItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** A bottom sheet holding a list of actions; choosing one closes the sheet first. */
export function MenuSheet({ open, onClose, title, items }: { open: boolean; onClose: () => void; title: string; items: MenuSheetItem[] }) {
  return (
    <BottomSheet open={open} onClose={onClose} title={title}>
      <ul className={styles.menuList}>
        {items.map((item) => (
          <li key={item.label}>
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
          </li>
        ))}
      </ul>
    </BottomSheet>
  );
}
