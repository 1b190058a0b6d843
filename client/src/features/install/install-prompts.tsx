import { useState } from 'react';
import { INSTALL_PROMPT_CLICKS, PUSH_PROMPT_CLICKS } from '@tapquest/shared';
import { installPlatform, isStandalone } from '../../lib/pwa/install-prompt';
import { installStatus, pushStatus } from '../../lib/pwa/prompt-status';
import { useSession } from '../../lib/session/session-context';
import { InstallBanner } from './install-banner';
import { PushBanner } from './push-banner';
import { useClickCount } from './use-click-count';

// Which banner, if any (SPEC sections 4 and 9): install after INSTALL_PROMPT_CLICKS clicks unless
// installed or already answered; push after PUSH_PROMPT_CLICKS clicks on an installed app or on
// Android, for a signed-in user who has not answered. One banner at a time, install first.

export function InstallPrompts() {
  const { token } = useSession();
  const clicks = useClickCount(PUSH_PROMPT_CLICKS);
  const [closed, setClosed] = useState<{ install: boolean; push: boolean }>({ install: false, push: false });
  const [standalone] = useState(isStandalone);
  const [platform] = useState(() => installPlatform());

  const installAnswered = ['accepted', 'dismissed'].includes(installStatus.read() ?? '');
  const showInstall = !closed.install && !standalone && !installAnswered && clicks >= INSTALL_PROMPT_CLICKS;
  if (showInstall) return <InstallBanner onDone={() => setClosed((c) => ({ ...c, install: true }))} />;

  const pushAnswered = ['granted', 'denied'].includes(pushStatus.read() ?? '');
  const showPush = !closed.push && token !== null && (standalone || platform === 'android') && !pushAnswered && clicks >= PUSH_PROMPT_CLICKS;
  if (showPush) return <PushBanner token={token} onDone={() => setClosed((c) => ({ ...c, push: true }))} />;
  return null;
}
