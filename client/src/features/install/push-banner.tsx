import { useEffect, useState } from 'react';
import { enablePush } from '../../lib/pwa/push-subscription';
import { pushStatus } from '../../lib/pwa/prompt-status';
import { Button } from '../../ui/button/button';
import { BellIcon } from '../../ui/icons/icons';
import { toast } from '../../ui/toast/toast';
import { PromptBanner } from './prompt-banner';

/**
 * The push banner: asks for permission, subscribes and registers the subscription (SPEC section 8
 * messages). Granted and denied are kept; 'Not now', a closed dialog or a failure leave it pending,
 * to be asked again another day.
 */
export function PushBanner({ token, onDone }: { token: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pushStatus.read()) pushStatus.write('pending');
  }, []);

  async function enable() {
    setBusy(true);
    const outcome = await enablePush(token).catch((err) => {
      console.error('enabling push failed', err);
      return 'failed' as const;
    });
    setBusy(false);
    if (outcome === 'granted') {
      pushStatus.write('granted');
      toast.success('Notifications Successfully Enabled!');
    } else if (outcome === 'denied') {
      pushStatus.write('denied');
      toast.error('Push Notifications has been blocked.');
    } else if (outcome === 'unsupported') {
      toast.error('Push Notifications is not supportead by this browser.');
    } else if (outcome === 'failed') {
      toast.error('Notifications could not be turned on. Please try again later.');
    }
    onDone();
  }

  return (
    <PromptBanner
      title="Turn on notifications"
      icon={<BellIcon />}
      text="Hear about new quests, XP and awards the moment they happen."
      actions={
        <>
          <Button variant="secondary" size="small" onClick={onDone} disabled={busy}>
            Not now
          </Button>
          <Button size="small" onClick={enable} loading={busy}>
            Enable
          </Button>
        </>
      }
    />
  );
}
