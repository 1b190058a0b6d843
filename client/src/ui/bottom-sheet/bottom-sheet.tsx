import { useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SHEET_SWIPE_CLOSE_PX } from '@tapquest/shared';
import { useFocusTrap } from '../overlay/use-focus-trap';
import { useScrollLock } from '../overlay/use-scroll-lock';
import styles from './bottom-sheet.module.css';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
}

/** Movement below this is a tap (with a trembling finger), not a drag. */
const DRAG_START_PX = 8;

/** A sheet from the bottom edge; a downward swipe longer than SHEET_SWIPE_CLOSE_PX closes it (SPEC section 9). */
export function BottomSheet({ open, ...rest }: BottomSheetProps) {
  if (!open) return null;
  return createPortal(<OpenSheet {...rest} />, document.body);
}

function OpenSheet({ onClose, title, children }: Omit<BottomSheetProps, 'open'>) {
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const startY = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const titleId = useId();
  useScrollLock(true);
  useFocusTrap(panel, true, onClose);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    // A drag that starts in scrolled content scrolls the content, not the sheet.
    if (body.current?.contains(event.target as Node) && body.current.scrollTop > 0) return;
    startY.current = event.clientY;
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (startY.current === null) return;
    const distance = Math.max(0, event.clientY - startY.current);
    // Capture only once it is a drag: a captured pointer retargets the click to the sheet, and a
    // tap on a button inside would never reach the button.
    if (distance > DRAG_START_PX && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(distance);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (startY.current === null) return;
    const distance = event.clientY - startY.current;
    startY.current = null;
    if (distance > SHEET_SWIPE_CLOSE_PX) onClose();
    else setOffset(0);
  }

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={panel}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-dragging={offset > 0 || undefined}
        style={{ transform: offset ? `translateY(${offset}px)` : undefined }}
        onClick={(e) => e.stopPropagation()}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className={styles.handle} aria-hidden="true" />
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div ref={body} className={styles.body}>
          {children}
        </div>
      </div>
    </div>
  );
}
