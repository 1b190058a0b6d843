import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BIO_MAX, handleFromUrl, PROFILE_TEXT_MAX, socialUrl, URL_MAX, type ProfileUpdate, type UserProfile } from '@tapquest/shared';
import { errorMessage, updateMyProfile } from '../../../lib/api';
import { useSession } from '../../../lib/session/session-context';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/text-field/text-field';
import { toast } from '../../../ui/toast/toast';
import styles from './edit-profile.module.css';

const SAVE_FAILED = 'Could not save your profile, please try again';

export interface ProfileFields {
  bio: string;
  location: string;
  link: string;
  website: string;
  instagram: string;
  twitter: string;
}

/** The form starts from the stored profile; socials show only their handle (the URL's last path segment). */
export function fieldsOf(user: UserProfile): ProfileFields {
  return {
    bio: user.bio,
    location: user.location,
    link: user.link,
    website: user.website,
    instagram: user.instagram ? handleFromUrl(user.instagram) : '',
    twitter: user.twitter ? handleFromUrl(user.twitter) : '',
  };
}

/**
 * SPEC section 3: socials are stored as full URLs built from the handle, empty when blank. A handle
 * the rules refuse goes as typed, so the server's message explains it.
 */
export function updateOf(fields: ProfileFields): ProfileUpdate {
  return {
    biography: fields.bio,
    custom_link: fields.link.trim(),
    location: fields.location.trim(),
    website_link: fields.website.trim(),
    instagram_link: socialUrl('instagram', fields.instagram) ?? fields.instagram.trim(),
    twitter_link: socialUrl('twitter', fields.twitter) ?? fields.twitter.trim(),
  };
}

/** Bio, location, featured link, website, instagram and twitter; Save, or Discard back to /profile. */
export function ProfileForm({ user }: { user: UserProfile }) {
  const { session } = useSession();
  const navigate = useNavigate();
  // What the person typed stays in this state whatever the server says, until they leave.
  const [fields, setFields] = useState(() => fieldsOf(user));
  const set = (name: keyof ProfileFields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const save = useMutation({
    mutationFn: () => updateMyProfile(updateOf(fields), session.getToken()),
    onSuccess: async (res) => {
      if (res.ok) {
        session.setUser(await res.json());
        toast.success('Profile saved');
        navigate('/profile');
      } else if (res.status === 401) {
        navigate('/login');
      } else {
        toast.error(await errorMessage(res, SAVE_FAILED));
      }
    },
    onError: () => toast.error(SAVE_FAILED),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  }

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby="details-form" noValidate>
      <h2 id="details-form" className={styles.cardTitle}>
        Details
      </h2>
      <TextField
        multiline
        label="Bio"
        value={fields.bio}
        onChange={set('bio')}
        maxLength={BIO_MAX}
        rows={4}
        counter={`${BIO_MAX - fields.bio.length} characters left`}
        placeholder="Tell people what you are about"
      />
      <TextField
        label="Location"
        value={fields.location}
        onChange={set('location')}
        maxLength={PROFILE_TEXT_MAX}
        autoComplete="address-level2"
        placeholder="City, Country"
      />
      <TextField
        label="Featured link"
        value={fields.link}
        onChange={set('link')}
        maxLength={URL_MAX}
        inputMode="url"
        autoComplete="url"
        placeholder="your-site.com/featured"
        hint="Shown as the button on your profile."
      />
      <TextField
        label="Website"
        value={fields.website}
        onChange={set('website')}
        maxLength={URL_MAX}
        inputMode="url"
        placeholder="your-site.com"
      />
      <TextField
        label="Instagram"
        value={fields.instagram}
        onChange={set('instagram')}
        maxLength={URL_MAX}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="handle"
      />
      <TextField
        label="Twitter"
        value={fields.twitter}
        onChange={set('twitter')}
        maxLength={URL_MAX}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="handle"
      />
      <div className={styles.formActions}>
        <Button variant="secondary" to="/profile">
          Discard
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
