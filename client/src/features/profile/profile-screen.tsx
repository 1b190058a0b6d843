import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { myAssetsQuery, myDevicesQuery } from '../../lib/device/gear-queries';
import { whenIdle } from '../../lib/idle/when-idle';
import { useSession } from '../../lib/session/session-context';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { ProfileView } from './profile-view';
import styles from './profile.module.css';

export interface ProfileScreenProps {
  /** Shown once the profile and its gear are on screen: the app hands in the daily reward here. */
  afterLoad?: ReactNode;
}

/** /profile: the signed-in user's own profile (the route's guard has loaded the user). */
export function ProfileScreen({ afterLoad }: ProfileScreenProps) {
  const { user, token } = useSession();
  // A renewed token (the daily check-in hands one out) re-keys these; the gear on screen stays meanwhile.
  const devices = useQuery({ ...myDevicesQuery(token), enabled: token !== null, placeholderData: keepPreviousData });
  const assets = useQuery({ ...myAssetsQuery(token), enabled: token !== null, placeholderData: keepPreviousData });
  // Once loaded stays loaded: what was handed in keeps its state through later refetches.
  const [loaded, setLoaded] = useState(false);
  if (!loaded && !devices.isPending) setLoaded(true);
  // What is handed in (the daily reward and its code) waits until the profile has painted.
  const [idle, setIdle] = useState(false);
  useEffect(() => (loaded ? whenIdle(() => setIdle(true)) : undefined), [loaded]);

  if (!user) {
    return (
      <main className={styles.profile}>
        <div className={styles.loading}>
          <ProgressIndicator state="indeterminate" shape="ring" label="Loading profile" />
        </div>
      </main>
    );
  }
  return (
    <>
      <ProfileView profile={user} devices={devices.data} devicesFailed={devices.isError} own assets={assets.data} />
      {idle && afterLoad}
    </>
  );
}
