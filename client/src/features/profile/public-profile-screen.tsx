import { useParams } from 'react-router-dom';
import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /profile/:username: someone's public profile, read-only. Placeholder until the profile feature lands. */
export function PublicProfileScreen() {
  const { username } = useParams();
  return (
    <Screen title={username ?? 'Profile'}>
      <ComingSoon>{username}&apos;s public profile will appear here.</ComingSoon>
    </Screen>
  );
}
