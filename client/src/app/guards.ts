import { redirect, type LoaderFunction } from 'react-router-dom';
import type { Session } from '../lib/session/session';

/**
 * SPEC section 6: a visitor (no jwt) goes to /login; a signed-in user whose profile has no
 * username goes to /signup. A token the server no longer accepts is dropped (session.loadProfile)
 * and counts as a visitor. Any other failure to load the profile reaches the error screen.
 */
export function requireMember(session: Session): LoaderFunction {
  return async () => {
    if (!session.getToken()) throw redirect('/login');
    const profile = await session.loadProfile();
    if (profile.status === 'signed-out') throw redirect('/login');
    if (profile.status === 'failed') throw profile.error;
    if (!profile.user.username) throw redirect('/signup');
    return null;
  };
}
