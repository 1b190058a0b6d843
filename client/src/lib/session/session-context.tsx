import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { UserProfile } from '@tapquest/shared';
import { profileQuery, type Session } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export interface SessionView {
  session: Session;
  token: string | null;
  user: UserProfile | null;
  /** 'pending' while a held token's profile is being fetched. */
  userStatus: 'none' | 'pending' | 'loaded' | 'error';
  userError: unknown;
}

export function useSession(): SessionView {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  const profile = useQuery({ ...profileQuery(token), enabled: token !== null });
  const userStatus = token === null ? 'none' : profile.isPending ? 'pending' : profile.isError ? 'error' : 'loaded';
  return { session, token, user: token ? (profile.data ?? null) : null, userStatus, userError: profile.error };
}
