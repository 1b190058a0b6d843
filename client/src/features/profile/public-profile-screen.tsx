import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { ProfileView } from './profile-view';
import { ProfileNotFound, publicDevicesQuery, publicProfileQuery } from './profile-queries';
import styles from './profile.module.css';

/**
 * /profile/:username: anyone's profile, read-only (SPEC sections 2 and 6). Visitors may open it:
 * GET /profiles/:username and /devices/:username need no token, and show nothing private.
 */
export function PublicProfileScreen() {
  const { username = '' } = useParams();
  const profile = useQuery(publicProfileQuery(username));
  const devices = useQuery({ ...publicDevicesQuery(username), enabled: profile.isSuccess });

  if (profile.isSuccess) {
    return <ProfileView key={username} profile={profile.data} devices={devices.data} devicesFailed={devices.isError} own={false} />;
  }
  const notFound = profile.error instanceof ProfileNotFound;
  return (
    <main className={styles.profile}>
      <div className={styles.missing}>
        <h1 className={styles.username}>{username}</h1>
        {profile.isPending ? (
          <ProgressIndicator state="indeterminate" shape="ring" label="Loading profile" />
        ) : (
          <>
            <p className={styles.missingTitle} role="status">
              {notFound ? 'Profile not found' : 'This profile could not be loaded'}
            </p>
            <p className={styles.missingText}>
              {notFound ? `Nobody on Tapquest goes by ${username}. Check the spelling of the name.` : 'Please try again in a moment.'}
            </p>
            <Link className={styles.missingLink} to="/">
              Go to Tapquest
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
