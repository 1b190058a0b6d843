import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /quest-details-demo. Placeholder until the quests feature lands. */
export function QuestDetailsDemoScreen() {
  return (
    <Screen title="Quest details">
      <ComingSoon>The quest details demo will appear here.</ComingSoon>
    </Screen>
  );
}
