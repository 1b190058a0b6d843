import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /quests-modal-demo. Placeholder until the quests feature lands. */
export function QuestsModalDemoScreen() {
  return (
    <Screen title="Quests">
      <ComingSoon>The quests modal demo will appear here.</ComingSoon>
    </Screen>
  );
}
