import type { ChangeEvent, Ref } from 'react';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@tapquest/shared';

// The file input behind an image upload: jpg, jpeg or png up to UPLOAD_MAX_BYTES (SPEC section 5).
// It stays hidden; a visible control opens it through `inputRef`, so "Choose different" can reopen it.

export const IMAGE_ACCEPT = [...UPLOAD_EXTENSIONS.map((ext) => `.${ext}`), ...UPLOAD_TYPES].join(',');

export type ImageRejection = 'type' | 'size';

/** Why a file cannot be uploaded, or null when it can. */
export function imageRejection(file: File): ImageRejection | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) || (UPLOAD_TYPES as readonly string[]).includes(file.type);
  if (!typeOk) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export interface ImageFileInputProps {
  /** The input's accessible name (it is reachable by assistive technology that lists file inputs). */
  label: string;
  onPick: (file: File) => void;
  onReject?: (reason: ImageRejection, file: File) => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

export function ImageFileInput({ label, onPick, onReject, inputRef, disabled }: ImageFileInputProps) {
  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const rejection = imageRejection(file);
    if (rejection) onReject?.(rejection, file);
    else onPick(file);
  }
  return (
    <input
      ref={inputRef}
      className="visually-hidden"
      type="file"
      accept={IMAGE_ACCEPT}
      aria-label={label}
      tabIndex={-1}
      onChange={change}
      disabled={disabled}
    />
  );
}
