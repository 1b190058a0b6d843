import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './text-field.module.css';

// A labelled input or textarea with optional hint, error and trailing counter. The label is always
// rendered (visually hidden when `hideLabel`), so every control has an accessible name.

interface FieldChrome {
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  counter?: ReactNode;
}

type InputProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { multiline?: false };
type AreaProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { multiline: true };

export function TextField(props: InputProps | AreaProps) {
  const id = useId();
  const { label, hideLabel, hint, error, counter, className, multiline, ...native } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter !== undefined ? `${id}-counter` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;
  const shared = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, className: styles.control };

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={error ? true : undefined}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
          {label}
        </label>
        {counter !== undefined && (
          <span id={counterId} className={styles.counter}>
            {counter}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea {...(native as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : (
        <input {...(native as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
