import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /notice. Placeholder until the notices feature lands. */
export function NoticesScreen() {
  return (
    <Screen title="Notifications">
      <ComingSoon>Platform activity, brand updates and gear updates will appear here.</ComingSoon>
    </Screen>
  );
}
