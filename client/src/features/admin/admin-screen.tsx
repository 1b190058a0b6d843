import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /admin. Placeholder until the admin feature lands. */
export function AdminScreen() {
  return (
    <Screen title="Admin">
      <ComingSoon>Admin tools will appear here.</ComingSoon>
    </Screen>
  );
}
