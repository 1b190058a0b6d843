import { useSession } from '../../lib/session/session-context';
import { Avatar } from '../../ui/avatar/avatar';
import { Button } from '../../ui/button/button';
import { ComingSoon, Screen } from '../../ui/screen/screen';
import styles from './profile-placeholder.module.css';

/** /profile: the user's own profile. Placeholder until the profile feature lands. */
export function ProfileScreen() {
  const { user } = useSession();
  return (
    <Screen title="Profile">
      <section className={styles.card}>
        <Avatar
          picture={user?.profilePicture}
          name={user?.username}
          flair={user?.profileFlair}
          badges={user?.profileBadges ?? []}
          size="lg"
        />
        <h2 className={styles.name}>{user?.username}</h2>
        <p className={styles.meta}>Level {user?.level ?? 1}</p>
        <Button variant="change" size="small" to="/profile/edit">
          Edit profile
        </Button>
      </section>
      <ComingSoon>Your gear, collections and season pass will appear here.</ComingSoon>
    </Screen>
  );
}
