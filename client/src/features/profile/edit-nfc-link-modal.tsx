import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { URL_MAX } from '@tapquest/shared';
import { errorMessage, updateMyProfile } from '../../lib/api';
import { useSession } from '../../lib/session/session-context';
import { Modal } from '../../ui/modal/modal';
import { TextField } from '../../ui/text-field/text-field';
import { toast } from '../../ui/toast/toast';
import styles from './profile.module.css';

const SAVE_FAILED = 'Could not save your link, please try again';

/**
 * Where a tap on your gear sends people after the app: the profile's custom link. SPEC section 7
 * mentions a call that updates custom_link alone without naming its path, so this sends
 * PATCH /my/profile with custom_link only.
 */
export function EditNfcLinkModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <OpenEditNfcLink onClose={onClose} />;
}

function OpenEditNfcLink({ onClose }: { onClose: () => void }) {
  const { session, user } = useSession();
  const [link, setLink] = useState(user?.link ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const res = await updateMyProfile({ custom_link: link.trim() }, session.getToken());
      if (!res.ok) throw new Error(await errorMessage(res, SAVE_FAILED));
      return res.json();
    },
    onSuccess: (updated) => {
      session.setUser(updated);
      toast.success('Link saved');
      onClose();
    },
    onError: (err) => setError(err instanceof Error && err.message ? err.message : SAVE_FAILED),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title="Edit NFC link"
      description="The link on your profile, shown to everyone who taps your gear or opens your profile."
      actions={[
        { label: 'Cancel', onClick: onClose, variant: 'secondary' },
        { label: 'Save', onClick: () => save.mutate(), loading: save.isPending },
      ]}
    >
      <div className={styles.modalForm}>
        <TextField
          label="Link"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          inputMode="url"
          autoComplete="url"
          placeholder="your-site.com"
          maxLength={URL_MAX}
          error={error}
        />
      </div>
    </Modal>
  );
}
