import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../button/button';
import { CloseIcon } from '../icons/icons';
import { useFocusTrap } from '../overlay/use-focus-trap';
import { useScrollLock } from '../overlay/use-scroll-lock';
import styles from './modal.module.css';

export interface ModalAction {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary';
  loading?: boolean;
  disabled?: boolean;
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** When false there is no close button and neither Escape nor the backdrop closes it. */
  closeable?: boolean;
  /** One or two buttons; with two, the first is the secondary choice and the second the primary. */
  actions?: readonly [ModalAction] | readonly [ModalAction, ModalAction];
  /** Artwork above the title. */
  media?: ReactNode;
  children?: ReactNode;
}

/** A centred dialog that locks page scroll and keeps focus inside while open (SPEC section 2). */
export function Modal({ open, ...rest }: ModalProps) {
  if (!open) return null;
  return createPortal(<OpenModal {...rest} />, document.body);
}

function OpenModal({ onClose, title, description, closeable = true, actions, media, children }: Omit<ModalProps, 'open'>) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useScrollLock(true);
  useFocusTrap(panel, true, closeable ? onClose : undefined);

  return (
    <div className={styles.backdrop} onClick={closeable ? onClose : undefined}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        {closeable && (
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <CloseIcon />
          </button>
        )}
        {media && <div className={styles.media}>{media}</div>}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className={styles.description}>
            {description}
          </div>
        )}
        {children}
        {actions && (
          <div className={styles.actions} data-count={actions.length}>
            {actions.map((action, i) => (
              <Button
                key={action.label}
                variant={action.variant ?? (i === actions.length - 1 ? 'primary' : 'secondary')}
                onClick={action.onClick}
                loading={action.loading}
                disabled={action.disabled}
                fullWidth
              >
                {action.label}
              </Button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
