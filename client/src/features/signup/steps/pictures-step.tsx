import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, uploadProfileImage, type ImageSlot } from '../../../lib/api';
import { useSession } from '../../../lib/session/session-context';
import { Button } from '../../../ui/button/button';
import { UploadIcon } from '../../../ui/icons/icons';
import { IMAGE_ACCEPT, imageRejection } from '../../../ui/image-file/image-file-input';
import { ProgressIndicator } from '../../../ui/progress-indicator/progress-indicator';
import styles from '../signup.module.css';

/** Step 2: profile picture and banner, each uploaded as soon as it is chosen. */
export function PicturesStep({ onContinue }: { onContinue: () => void }) {
  const { user } = useSession();
  const hasAny = Boolean(user?.profilePicture || user?.banner);
  return (
    <div className={styles.form}>
      <ImageUpload slot="banner" label="Banner" current={user?.banner ?? null} />
      <ImageUpload slot="picture" label="Profile picture" current={user?.profilePicture ?? null} />
      <p className={styles.note}>jpg, jpeg or png, up to 10MB each.</p>
      <Button fullWidth onClick={onContinue} disabled={!hasAny}>
        Continue
      </Button>
    </div>
  );
}

function ImageUpload({ slot, label, current }: { slot: ImageSlot; label: string; current: string | null }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL?.(preview)), [preview]);

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileImage(slot, file, session.getToken()),
    onSuccess: async (res) => {
      if (res.ok) {
        session.setUser(await res.json());
        return;
      }
      if (res.status === 401) {
        navigate('/login');
        return;
      }
      setPreview(null);
      setError(await errorMessage(res, 'Upload failed, please try again'));
    },
    onError: () => {
      setPreview(null);
      setError('Upload failed, please try again');
    },
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const rejection = imageRejection(file);
    if (rejection) {
      setError(rejection === 'type' ? 'Please choose a jpg, jpeg or png image' : 'File size must be less than 10MB');
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL?.(file) ?? null);
    upload.mutate(file);
  }

  const shown = preview ?? current;
  return (
    <div className={styles.upload} data-slot={slot}>
      <input
        id={id}
        className={`visually-hidden ${styles.fileInput}`}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={choose}
        disabled={upload.isPending}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id} className={styles.uploadTile} data-filled={shown ? true : undefined}>
        {shown ? <img src={shown} alt="" className={styles.uploadPreview} /> : <UploadIcon />}
        <span className={styles.uploadLabel}>{shown ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}</span>
      </label>
      {upload.isPending && <ProgressIndicator state="indeterminate" label={`Uploading ${label.toLowerCase()}`} />}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
