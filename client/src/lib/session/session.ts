import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@tapquest/shared';
import { getMyProfile } from '../api';
import { claimPendingDevice } from '../device/claim-pending-device';
import { MY_ASSETS_QUERY, MY_DEVICES_QUERY } from '../device/gear-queries';
import { jwtItem } from '../storage/stored-item';

// Who is signed in. The jwt lives in local storage (it survives restarts); the user profile lives
// only in memory, in the query cache, so every screen that shows the user reads one copy and
// screens that change the profile update it in place (SPEC section 3, Storage).

export const PROFILE_QUERY = ['my', 'profile'] as const;

export class ProfileLoadError extends Error {
  constructor(readonly status: number) {
    super(`profile load failed with HTTP ${status}`);
  }
}

export type ProfileLoad =
  | { status: 'loaded'; user: UserProfile }
  /** The token is not (or no longer) accepted, or its account is gone: the token has been dropped. */
  | { status: 'signed-out' }
  | { status: 'failed'; error: unknown };

export function profileQuery(token: string | null) {
  return {
    queryKey: [...PROFILE_QUERY, token] as const,
    queryFn: async (): Promise<UserProfile> => {
      const res = await getMyProfile(token);
      if (!res.ok) throw new ProfileLoadError(res.status);
      return res.json();
    },
    staleTime: Infinity,
    retry: false,
  };
}

export function createSession(queryClient: QueryClient) {
  const listeners = new Set<() => void>();
  let token = jwtItem.read();
  const notify = () => listeners.forEach((listener) => listener());

  function setToken(next: string | null) {
    if (next === token) return;
    token = next;
    if (next) jwtItem.write(next);
    else jwtItem.remove();
    notify();
  }

  const session = {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToken: (): string | null => token,
    getUser: (): UserProfile | null => queryClient.getQueryData<UserProfile>(profileQuery(token).queryKey) ?? null,

    /** The current user, from memory when held, else from GET /my/profile. */
    async loadProfile(): Promise<ProfileLoad> {
      if (!token) return { status: 'signed-out' };
      try {
        return { status: 'loaded', user: await queryClient.ensureQueryData(profileQuery(token)) };
      } catch (error) {
        if (error instanceof ProfileLoadError && (error.status === 401 || error.status === 404)) {
          session.signOut();
          return { status: 'signed-out' };
        }
        return { status: 'failed', error };
      }
    },

    /** Adopts the token of a sign-in (password, sign-up or federated) and claims gear a tap left pending. */
    signIn(nextToken: string, user?: UserProfile): void {
      // The user goes in first so nothing renders the new token without its profile.
      if (user) queryClient.setQueryData(profileQuery(nextToken).queryKey, user);
      setToken(nextToken);
      void session.claimPendingGear();
    },

    /** Claims gear a tap left pending; a claim refreshes the gear and the profile (counts, XP, awards) on screen. */
    async claimPendingGear(): Promise<void> {
      if (!token || !(await claimPendingDevice(token))) return;
      await Promise.all([MY_DEVICES_QUERY, MY_ASSETS_QUERY, PROFILE_QUERY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },

    setUser(user: UserProfile): void {
      queryClient.setQueryData(profileQuery(token).queryKey, user);
    },

    /** Forgets the in-memory user only; the jwt stays (the admin bar's LOGOUT, SPEC section 4). */
    clearUser(): void {
      void queryClient.resetQueries({ queryKey: PROFILE_QUERY });
    },

    /** Drops the jwt and the user. */
    signOut(): void {
      queryClient.removeQueries({ queryKey: PROFILE_QUERY });
      setToken(null);
    },
  };
  return session;
}

export type Session = ReturnType<typeof createSession>;
