import { claimDevice, errorMessage } from '../api';
import { deviceTokenItem } from '../storage/stored-item';

// A tap on gear by someone not yet signed in leaves its device-token in session storage;
// the gear is claimed as soon as a sign-in gives us a jwt (SPEC sections 7 and 8).

let inFlight: Promise<void> | null = null;

export function claimPendingDevice(token: string, alert: (message: string) => void = (m) => window.alert(m)): Promise<void> {
  // Login and a ?jwt= landing can both fire; one claim per pending token is enough.
  inFlight ??= claim(token, alert).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function claim(token: string, alert: (message: string) => void): Promise<void> {
  const deviceToken = deviceTokenItem.read();
  if (!deviceToken) return;
  try {
    const res = await claimDevice(deviceToken, token);
    alert(res.ok ? 'Device registered!' : await errorMessage(res, `Device claim failed (HTTP ${res.status})`));
  } catch (err) {
    console.error('device claim failed', err);
    return;
  }
  deviceTokenItem.remove();
}
