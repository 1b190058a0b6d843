import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './icon-button.module.css';

type Target = { to: string; onClick?: never } | { to?: never; onClick: () => void };

export type IconButtonProps = Target & {
  /** What it does, for screen readers: the icon alone says nothing. */
  label: string;
  icon: ReactNode;
  /** 'glass' sits on pictures (banners); 'surface' on the page. */
  tone?: 'surface' | 'glass';
  /** Set when it opens a menu or sheet: announced as a popup, with whether it is open. */
  expanded?: boolean;
  className?: string;
};

/** A round, touch-sized button (or, with `to`, a link) showing only an icon. */
export function IconButton({ label, icon, tone = 'surface', expanded, className, to, onClick }: IconButtonProps) {
  const shared = { className: [styles.iconButton, className].filter(Boolean).join(' '), 'data-tone': tone, 'aria-label': label };
  if (to !== undefined)
    return (
      <Link to={to} {...shared}>
        {icon}
      </Link>
    );
  return (
    <button
      type="button"
      {...shared}
      onClick={onClick}
      aria-haspopup={expanded === undefined ? undefined : 'dialog'}
      aria-expanded={expanded}
    >
      {icon}
    </button>
  );
}
