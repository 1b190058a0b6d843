import { ComingSoon, Screen } from '../../ui/screen/screen';

/** / and /brandhub: the brand communities the user belongs to. Placeholder until the brands feature lands. */
export function BrandListScreen() {
  return (
    <Screen title="My brands" lead="The communities your gear connects you to.">
      <ComingSoon>Your brand communities will appear here.</ComingSoon>
    </Screen>
  );
}
