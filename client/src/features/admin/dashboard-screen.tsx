import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /dashboard. Placeholder until the admin feature lands. */
export function DashboardScreen() {
  return (
    <Screen title="Dashboard">
      <ComingSoon>Uploads, campaign management and user management will appear here.</ComingSoon>
    </Screen>
  );
}
