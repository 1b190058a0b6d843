import { useState, type FormEvent } from 'react';
import { BIO_MAX } from '@tapquest/shared';
import { useSession } from '../../../lib/session/session-context';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/text-field/text-field';
import { bioIsValid, type ProfileDetails } from '../signup.machine';
import styles from '../signup.module.css';

/** Step 3: a custom link, the bio (required, BIO_MAX characters) and an optional location. */
export function AboutStep({ busy, onSubmit }: { busy: boolean; onSubmit: (details: ProfileDetails) => void }) {
  const { user } = useSession();
  const [link, setLink] = useState(user?.link ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [location, setLocation] = useState(user?.location ?? '');
  const remaining = BIO_MAX - bio.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (bioIsValid(bio)) onSubmit({ link, bio, location });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Tell us about you">
      <TextField
        label="Link"
        name="link"
        inputMode="url"
        autoCapitalize="none"
        autoCorrect="off"
        placeholder="yourwebsite.com"
        value={link}
        onChange={(e) => setLink(e.target.value)}
      />
      <TextField
        multiline
        label="Bio"
        name="bio"
        required
        rows={4}
        maxLength={BIO_MAX}
        placeholder="What do you ride, climb, run or chase?"
        counter={`${remaining} ${remaining === 1 ? 'character' : 'characters'} left`}
        value={bio}
        onChange={(e) => setBio(e.target.value)}
      />
      <TextField
        label="Location (optional)"
        name="location"
        autoComplete="address-level2"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      <Button type="submit" fullWidth disabled={!bioIsValid(bio)} loading={busy}>
        Continue
      </Button>
    </form>
  );
}
