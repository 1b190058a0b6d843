import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /profile/edit. Placeholder until the profile feature lands. */
export function EditProfileScreen() {
  return (
    <Screen title="Edit profile">
      <ComingSoon>Pictures, flair, badges and your details will be editable here.</ComingSoon>
    </Screen>
  );
}
