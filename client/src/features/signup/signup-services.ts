import { fromPromise } from 'xstate';
import type { UserProfile } from '@tapquest/shared';
import { checkUsernameAvailability, errorMessage, getMyProfile, isErrorBody, saveUsername, signUp, updateMyProfile } from '../../lib/api';
import type { Session } from '../../lib/session/session';
import { toast } from '../../ui/toast/toast';
import type { AccountOutcome, ProfileDetails, SaveOutcome } from './signup.machine';
import type { Availability, UsernameSave } from './username-check.machine';

// The real implementations behind the sign-up machines' named actors and actions: the API calls,
// the session, toasts and navigation. The machines themselves never import any of this.

const FALLBACK_ERROR = 'Something went wrong, please try again';

export interface SignupDeps {
  session: Session;
  navigate: (to: string) => void;
}

export function signupImplementations({ session, navigate }: SignupDeps) {
  return {
    actors: {
      createAccount: fromPromise<AccountOutcome, { email: string; password: string }>(async ({ input }) => {
        const body = await signUp(input);
        if (isErrorBody(body)) return { ok: false, message: body.messages[0]?.message ?? FALLBACK_ERROR };
        const res = await getMyProfile(body.token);
        if (!res.ok) {
          session.signIn(body.token);
          return { ok: true, hasUsername: false };
        }
        const user = await res.json();
        session.signIn(body.token, user);
        return { ok: true, hasUsername: Boolean(user.username) };
      }),
      saveDetails: fromPromise<SaveOutcome, ProfileDetails>(async ({ input }) => {
        const res = await updateMyProfile(
          { custom_link: input.link.trim(), biography: input.bio, location: input.location.trim() },
          session.getToken(),
        );
        if (res.ok) {
          session.setUser(await res.json());
          return { ok: true };
        }
        if (res.status === 401) return { ok: false, unauthorized: true };
        return { ok: false, message: await errorMessage(res, FALLBACK_ERROR) };
      }),
    },
    actions: {
      // SPEC section 8: the server's first message, as an error toast at bottom-center.
      showError: (_: unknown, params: { message: string }) => {
        toast.error(params.message, { position: 'bottom-center' });
      },
      goToProfile: () => navigate('/profile'),
      goToLogin: () => navigate('/login'),
    },
  };
}

export function usernameImplementations({ session, navigate, onSaved }: SignupDeps & { onSaved: (user: UserProfile) => void }) {
  return {
    actors: {
      checkAvailability: fromPromise<Availability, { username: string }>(async ({ input }) => {
        const res = await checkUsernameAvailability(input.username, session.getToken());
        if (res.status === 401) return 'unauthorized';
        if (!res.ok) throw new Error(`username check failed with HTTP ${res.status}`);
        return (await res.json()).available ? 'available' : 'unavailable';
      }),
      saveUsername: fromPromise<UsernameSave, { username: string }>(async ({ input }) => {
        const res = await saveUsername(input.username, session.getToken());
        if (res.ok) return { result: 'saved', user: await res.json() };
        if (res.status === 409) return { result: 'taken' };
        if (res.status === 401) return { result: 'unauthorized' };
        return { result: 'failed' };
      }),
    },
    actions: {
      notifyUnavailable: () => {
        toast.error('Username not available', { id: 'username-not-available' });
      },
      goToLogin: () => navigate('/login'),
      usernameSaved: (_: unknown, params: { user: UserProfile }) => onSaved(params.user),
    },
  };
}
