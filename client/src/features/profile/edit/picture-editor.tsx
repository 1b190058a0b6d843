import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { UserProfile } from '@tapquest/shared';
import { assetUrl, errorMessage, uploadProfileImage } from '../../../lib/api';
import { useSession } from '../../../lib/session/session-context';
import { Avatar } from '../../../ui/avatar/avatar';
import { CameraIcon } from '../../../ui/icons/icons';
import { ImageFileInput } from '../../../ui/image-file/image-file-input';
import { Modal } from '../../../ui/modal/modal';
import { toast } from '../../../ui/toast/toast';
import { imageUploadMachine, UPLOAD_FAILED, type UploadSlot } from './image-upload.machine';
import styles from './edit-profile.module.css';

/** Banner and picture with their upload buttons and the preview modal ('Update', 'Choose different'). */
export function PictureEditor({ user }: { user: UserProfile }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const inputs = { banner: useRef<HTMLInputElement>(null), picture: useRef<HTMLInputElement>(null) };
  const machine = useMemo(
    () =>
      imageUploadMachine.provide({
        actors: {
          uploadImage: fromPromise<UserProfile, { slot: UploadSlot; file: File }>(async ({ input }) => {
            const res = await uploadProfileImage(input.slot, input.file, session.getToken());
            if (res.status === 401) {
              // The token is no longer accepted: signing in again is the only way on.
              navigate('/login');
              throw new Error(UPLOAD_FAILED);
            }
            if (!res.ok) throw new Error(await errorMessage(res, UPLOAD_FAILED));
            return res.json();
          }),
        },
        actions: {
          openPicker: (_, { slot }) => inputs[slot].current?.click(),
          uploaded: (_, { user: updated }) => {
            session.setUser(updated);
            toast.success('Picture updated');
          },
        },
      }),
    // The refs and navigate are stable; the machine is made once per session.
    [session],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s);
  const { file, error } = state.context;
  const slot: UploadSlot | null = state.matches('bannerPreview') ? 'banner' : state.matches('profilePreview') ? 'picture' : null;
  const uploading = state.matches({ bannerPreview: 'uploading' }) || state.matches({ profilePreview: 'uploading' });
  const preview = useObjectUrl(file);

  // Files over UPLOAD_MAX_BYTES (or not jpg/png) are ignored here (SPEC section 5); the hint says the rules.
  const pick = (which: UploadSlot) => (picked: File) => actor.send({ type: 'PICK', slot: which, file: picked });

  return (
    <section className={styles.pictures} aria-label="Pictures">
      <div className={styles.banner}>
        {user.banner ? (
          <img className={styles.bannerImage} src={assetUrl(user.banner)} alt="Your banner" />
        ) : (
          <div className={styles.bannerBlank} />
        )}
        <button type="button" className={styles.chip} onClick={() => inputs.banner.current?.click()}>
          <CameraIcon aria-hidden="true" />
          Change banner
        </button>
        <ImageFileInput label="Banner image file" inputRef={inputs.banner} onPick={pick('banner')} />
      </div>
      <div className={styles.pictureRow}>
        <Avatar picture={user.profilePicture ? assetUrl(user.profilePicture) : null} name={user.username} size="lg" />
        <button type="button" className={styles.chip} onClick={() => inputs.picture.current?.click()}>
          <CameraIcon aria-hidden="true" />
          Change picture
        </button>
        <ImageFileInput label="Profile picture file" inputRef={inputs.picture} onPick={pick('picture')} />
      </div>
      <p className={styles.hint}>jpg, jpeg or png, up to 10MB.</p>

      <Modal
        open={slot !== null}
        onClose={() => actor.send({ type: 'CLOSE' })}
        closeable={!uploading}
        title={slot === 'banner' ? 'Update banner' : 'Update profile picture'}
        media={preview && <img className={slot === 'banner' ? styles.previewBanner : styles.previewPicture} src={preview} alt="Preview" />}
        description={file?.name}
        actions={[
          { label: 'Choose different', variant: 'secondary', onClick: () => actor.send({ type: 'CHOOSE_DIFFERENT' }), disabled: uploading },
          { label: 'Update', onClick: () => actor.send({ type: 'UPDATE' }), loading: uploading },
        ]}
      >
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </Modal>
    </section>
  );
}

/** A blob: address for a picked file while it is shown; released afterwards. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? (URL.createObjectURL?.(file) ?? null) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL?.(url)), [url]);
  return url;
}
