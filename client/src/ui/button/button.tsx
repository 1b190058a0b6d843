import { useEffect, type MouseEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../icons/icons';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'login' | 'change';

export interface ButtonProps {
  variant?: ButtonVariant;
  size?: 'regular' | 'small';
  children?: ReactNode;
  icon?: ReactNode;
  /** In-app route: renders a router link. */
  to?: string;
  /** Outside address: renders an anchor. */
  href?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  /** A submit button's action is its form's submit handler. */
  type?: 'button' | 'submit';
  disabled?: boolean;
  loading?: boolean;
  completed?: boolean;
  fullWidth?: boolean;
  /** Let a long label wrap onto more lines rather than be cut. */
  wrap?: boolean;
  className?: string;
  'aria-label'?: string;
  form?: string;
  /** A toggle button's state (aria-pressed), e.g. Follow / Following. */
  pressed?: boolean;
}

/** Primary, secondary, login and change buttons (SPEC section 2); small size; disabled, loading, completed. */
export function Button({
  variant = 'primary',
  size = 'regular',
  children,
  icon,
  to,
  href,
  onClick,
  type = 'button',
  disabled = false,
  loading = false,
  completed = false,
  fullWidth = false,
  wrap = false,
  className,
  form,
  pressed,
  'aria-label': ariaLabel,
}: ButtonProps) {
  const hasAction = Boolean(to || href || onClick || type === 'submit');
  const hasContent = Boolean(children || icon);
  // SPEC section 5: a button that cannot do anything, or says nothing, is a bug worth hearing about.
  useEffect(() => {
    if (!hasAction) console.warn('Button has no link, href or click handler');
  }, [hasAction]);
  useEffect(() => {
    if (!hasContent) console.warn('Button has neither text nor an icon');
  }, [hasContent]);

  const state = completed ? 'completed' : loading ? 'loading' : disabled ? 'disabled' : 'idle';
  const inert = disabled || loading || completed;
  const classes = [
    styles.button,
    styles[variant],
    size === 'small' && styles.small,
    fullWidth && styles.fullWidth,
    wrap && styles.wrap,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const leading = loading ? (
    <span className={styles.spinner} aria-hidden="true" />
  ) : completed ? (
    <CheckIcon className={styles.icon} />
  ) : icon ? (
    <span className={styles.icon}>{icon}</span>
  ) : null;
  const content = (
    <>
      {leading}
      {children && <span className={styles.label}>{children}</span>}
    </>
  );
  const common = { className: classes, 'data-state': state, 'data-variant': variant, 'aria-label': ariaLabel };

  if (to && !inert) {
    return (
      <Link {...common} to={to} onClick={onClick}>
        {content}
      </Link>
    );
  }
  if (href && !inert) {
    return (
      <a {...common} href={href} onClick={onClick}>
        {content}
      </a>
    );
  }
  return (
    <button
      {...common}
      type={type}
      form={form}
      onClick={inert ? undefined : onClick}
      disabled={disabled || completed}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      aria-pressed={pressed}
    >
      {content}
    </button>
  );
}
