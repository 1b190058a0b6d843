import { useEffect, useState, useSyncExternalStore } from 'react';
import { installPlatform, installPrompt } from '../../lib/pwa/install-prompt';
import { installStatus } from '../../lib/pwa/prompt-status';
import { Button } from '../../ui/button/button';
import { DownloadIcon, ShareIcon } from '../../ui/icons/icons';
import { PromptBanner } from './prompt-banner';

/**
 * The install banner: the browser's own install dialog where there is one, written steps where
 * there is none (iOS Safari: 'Share' then 'Add to Home Screen'). Either answer is kept, and the
 * banner does not come back.
 */
export function InstallBanner({ onDone }: { onDone: () => void }) {
  const canPrompt = useSyncExternalStore(installPrompt.subscribe, installPrompt.available);
  const [platform] = useState(() => installPlatform());
  useEffect(() => {
    if (!installStatus.read()) installStatus.write('pending');
  }, []);

  function finish(status: 'accepted' | 'dismissed') {
    installStatus.write(status);
    onDone();
  }

  async function install() {
    const outcome = await installPrompt.prompt();
    // 'unavailable': the kept prompt was used elsewhere meanwhile; the banner has done its part.
    finish(outcome === 'accepted' ? 'accepted' : 'dismissed');
  }

  if (canPrompt) {
    return (
      <PromptBanner
        title="Install Tapquest"
        icon={<DownloadIcon />}
        text="Add Tapquest to your home screen to reach your gear and quests in one tap."
        actions={
          <>
            <Button variant="secondary" size="small" onClick={() => finish('dismissed')}>
              Not now
            </Button>
            <Button size="small" onClick={install}>
              Install
            </Button>
          </>
        }
      />
    );
  }
  return (
    <PromptBanner
      title="Install Tapquest"
      icon={platform === 'ios' ? <ShareIcon /> : <DownloadIcon />}
      text={
        platform === 'ios' ? (
          <>
            Tap <strong>Share</strong> <ShareIcon aria-hidden="true" className="inline-icon" /> then <strong>Add to Home Screen</strong>.
          </>
        ) : (
          <>
            Open your browser&apos;s menu, then choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
          </>
        )
      }
      actions={
        <>
          <Button variant="secondary" size="small" onClick={() => finish('dismissed')}>
            Not now
          </Button>
          <Button size="small" onClick={() => finish('accepted')}>
            Got it
          </Button>
        </>
      }
    />
  );
}
