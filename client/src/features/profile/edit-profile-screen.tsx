import { useSession } from '../../lib/session/session-context';
import { ArrowLeftIcon } from '../../ui/icons/icons';
import { BadgePicker, FlairPicker } from './edit/accessory-pickers';
import { PictureEditor } from './edit/picture-editor';
import { ProfileForm } from './edit/profile-form';
import styles from './edit/edit-profile.module.css';
import { IconButton } from '../../ui/icon-button/icon-button';

/**
 * /profile/edit (SPEC section 2): pictures, flair and badges (each applied on its own), then the
 * details form with Save and Discard. Hidden on wide screens with the rest of the app.
 */
export function EditProfileScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <main className={styles.screen}>
      <header className={styles.top}>
        <IconButton to="/profile" label="Back to profile" icon={<ArrowLeftIcon />} />
        <h1 className={styles.title}>Edit profile</h1>
      </header>
      <PictureEditor user={user} />
      {/* Keyed by what is saved: after Apply the picker starts again from the server's answer. */}
      <FlairPicker key={`flair-${user.profileFlair?.id ?? 'none'}`} user={user} />
      <BadgePicker key={`badges-${user.profileBadges.map((b) => b?.id ?? '-').join(',')}`} user={user} />
      <ProfileForm user={user} />
    </main>
  );
}
