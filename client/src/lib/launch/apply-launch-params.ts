import { upgradeEvent } from '../api';
import type { Session } from '../session/session';
import { deviceDomainItem, deviceTokenItem } from '../storage/stored-item';
import { anonymousEventId } from './event-cookie';
import type { LaunchParams } from './launch-params';

/**
 * Acts on the arrival parameters before the first screen renders, so the guards already see a
 * federated sign-in's token. `user_id` is read (and removed from the address) but nothing in the
 * spec uses it yet. `device-domain` is kept for reference only: the claim always goes to our own
 * API host, because posting a bearer token to a domain named in a link would hand it to anyone.
 */
export function applyLaunchParams(params: LaunchParams, session: Session): void {
  if (params.deviceDomain) deviceDomainItem.write(params.deviceDomain);
  if (params.deviceToken) deviceTokenItem.write(params.deviceToken);

  if (params.jwt) {
    session.signIn(params.jwt);
  } else {
    // Signed in already: a tap claims its gear right away.
    if (session.getToken() && params.deviceToken) void session.claimPendingGear();
  }

  if (params.eventId) {
    upgradeEvent(params.eventId, anonymousEventId(), session.getToken()).catch((err) => console.error('event upgrade failed', err));
  }
}
