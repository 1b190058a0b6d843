import { useMemo, useState } from 'react';
import { Button } from '../../ui/button/button';
import { Screen } from '../../ui/screen/screen';
import { demoQuests } from './demo-quests';
import { fixedQuestsSource } from './quest-source';
import { QuestsModal } from './quests-modal';

/** /quests-modal-demo: the quests modal over fixed demo quests (SPEC section 2, demo pages). */
export function QuestsModalDemoScreen() {
  const source = useMemo(() => fixedQuestsSource('demo', demoQuests()), []);
  const [open, setOpen] = useState(true);
  return (
    <Screen title="Quests" lead="The quests modal with demo quests: filter them, open one for its details.">
      <Button onClick={() => setOpen(true)}>Open the quests modal</Button>
      <QuestsModal open={open} onClose={() => setOpen(false)} source={source} />
    </Screen>
  );
}
