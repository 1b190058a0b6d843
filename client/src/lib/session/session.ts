import type { QueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@tapquest/shared';
import { getMyProfile } from '../api';
import { claimPendingDevice } from '../device/claim-pending-device';
import { MY_ASSETS_QUERY, MY_DEVICES_QUERY } from '../device/gear-queries';
import { deviceTokenItem, jwtItem } from '../storage/stored-item';

// Who is signed in. The jwt lives in local storage (it survives restarts); the user profile lives
// only in memory, in the query cache, so every screen that shows the user reads one copy and
// screens that change the profile update it in place (SPEC section 3, Storage).

/** Every query under this key is the signed-in user's own data (profile, gear, ...). */
export const MY_QUERIES = ['my'] as const;
export const PROFILE_QUERY = [...MY_QUERIES, 'profile'] as const;

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

/** A gear claim with the user's profile just before and just after it: what it brought (XP, level, awards). */
export interface GearClaim {
  before: UserProfile;
  after: UserProfile;
}

export function createSession(queryClient: QueryClient) {
  const listeners = new Set<() => void>();
  let token = jwtItem.read();
  const notify = () => listeners.forEach((listener) => listener());
  // Claims not yet taken by a screen: a claim at sign-in lands before the screen that shows it mounts.
  let claims: GearClaim[] = [];
  const claimListeners = new Set<() => void>();

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

    /**
     * Claims gear a tap left pending; a claim refreshes the gear and the profile (counts, XP, awards) on
     * screen, and is kept with the profile before and after it for takeGearClaims().
     */
    async claimPendingGear(): Promise<void> {
      const claimant = token;
      if (!claimant || !deviceTokenItem.read()) return;
      const before = await queryClient.fetchQuery(profileQuery(claimant)).catch(() => null);
      if (!(await claimPendingDevice(claimant))) return;
      await Promise.all([MY_DEVICES_QUERY, MY_ASSETS_QUERY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const after = await queryClient.fetchQuery({ ...profileQuery(claimant), staleTime: 0 }).catch(() => null);
      // Signed out meanwhile: nobody is there to show it to.
      if (!before || !after || !token) return;
      claims.push({ before, after });
      claimListeners.forEach((listener) => listener());
    },

    /** Hands over the claims made since the last call (oldest first) and forgets them. */
    takeGearClaims(): GearClaim[] {
      const taken = claims;
      claims = [];
      return taken;
    },

    /** Called after each claim that takeGearClaims() can hand over. */
    onGearClaim(listener: () => void): () => void {
      claimListeners.add(listener);
      return () => claimListeners.delete(listener);
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
