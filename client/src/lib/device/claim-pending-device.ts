import { claimDevice, errorMessage } from '../api';
import { deviceTokenItem } from '../storage/stored-item';

// A tap on gear by someone not yet signed in leaves its device-token in session storage;
// the gear is claimed as soon as a sign-in gives us a jwt (SPEC sections 7 and 8).

let inFlight: Promise<boolean> | null = null;

/** Resolves true when a pending device was claimed, so the caller can refresh what shows the gear. */
export function claimPendingDevice(token: string, alert: (message: string) => void = (m) => window.alert(m)): Promise<boolean> {
  // Login and a ?jwt= landing can both fire; one claim per pending token is enough.
  inFlight ??= claim(token, alert).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function claim(token: string, alert: (message: string) => void): Promise<boolean> {
  const deviceToken = deviceTokenItem.read();
  if (!deviceToken) return false;
  let claimed: boolean;
  try {
    const res = await claimDevice(deviceToken, token);
    claimed = res.ok;
    alert(res.ok ? 'Device registered!' : await errorMessage(res, `Device claim failed (HTTP ${res.status})`));
  } catch (err) {
    console.error('device claim failed', err);
    return false;
  }
  deviceTokenItem.remove();
  return claimed;
}
