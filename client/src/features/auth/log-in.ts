import type { Credentials, UserProfile } from '@tapquest/shared';
import { getMyProfile, logIn } from '../../lib/api';
import type { Session } from '../../lib/session/session';

// The login flow of SPEC section 4: credentials, then the profile with the new token; only when
// both succeed is the user signed in.

export type LoginOutcome =
  | { kind: 'signed-in'; user: UserProfile }
  /** HTTP 409: the account exists but signs in through Apple or Google. */
  | { kind: 'wrong-method' }
  | { kind: 'failed' }
  | { kind: 'profile-unavailable' };

export async function logInWithPassword(credentials: Credentials, session: Session): Promise<LoginOutcome> {
  let token: string;
  try {
    const res = await logIn(credentials);
    if (res.status === 409) return { kind: 'wrong-method' };
    if (!res.ok) return { kind: 'failed' };
    token = (await res.json()).token;
  } catch (err) {
    console.error('login failed', err);
    return { kind: 'failed' };
  }
  try {
    const res = await getMyProfile(token);
    if (!res.ok) return { kind: 'profile-unavailable' };
    const user = await res.json();
    session.signIn(token, user);
    return { kind: 'signed-in', user };
  } catch (err) {
    console.error('profile after login failed', err);
    return { kind: 'profile-unavailable' };
  }
}
