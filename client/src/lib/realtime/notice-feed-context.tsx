import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AckType } from '@tapquest/shared';
import { whenIdle } from '../idle/when-idle';
import { useSession } from '../session/session-context';
import type { NoticeFeed, NoticeFeedState } from './notice-feed';

// One notice feed for the signed-in screens: the bottom bar's badge and the notifications screen
// read the same copy. The feed (and socket.io with it) loads only when there is a token, once the
// screen's first paint is done, and stops on sign-out or when the screens holding it go away.

const NoticeFeedContext = createContext<NoticeFeed | null>(null);

export function NoticeFeedProvider({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [feed, setFeed] = useState<NoticeFeed | null>(null);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let started: NoticeFeed | null = null;
    const cancelWait = whenIdle(() => {
      import('./notice-feed')
        .then(({ startNoticeFeed }) => {
          if (cancelled) return;
          started = startNoticeFeed(token);
          setFeed(started);
        })
        .catch((err) => console.error('notice feed failed to load', err));
    });
    return () => {
      cancelled = true;
      cancelWait();
      started?.stop();
      setFeed(null);
    };
  }, [token]);

  return <NoticeFeedContext.Provider value={feed}>{children}</NoticeFeedContext.Provider>;
}

const NOT_STARTED: NoticeFeedState = { status: 'loading', connection: 'connecting', notices: [], count: null };
const noSubscription = () => () => {};
const notStarted = () => NOT_STARTED;
const ignoreAck = () => {};
const inactive = () => false;

export interface NoticeFeedView extends NoticeFeedState {
  acknowledged(noticeId: string, ackType: Exclude<AckType, ''>): void;
  /** Whether the feed is running now (not yet loaded, signed out or torn down: false). */
  isActive(): boolean;
}

/** The held notices and count; 'loading' until the feed has started and brought its first list. */
export function useNoticeFeed(): NoticeFeedView {
  const feed = useContext(NoticeFeedContext);
  const state = useSyncExternalStore(feed ? feed.subscribe : noSubscription, feed ? feed.getState : notStarted);
  return { ...state, acknowledged: feed ? feed.acknowledged : ignoreAck, isActive: feed ? feed.isActive : inactive };
}

/** Notices not yet read, for the bottom bar's badge; 0 until known. */
export function useUnreadNoticeCount(): number {
  const feed = useContext(NoticeFeedContext);
  const state = useSyncExternalStore(feed ? feed.subscribe : noSubscription, feed ? feed.getState : notStarted);
  return state.count?.unread ?? 0;
}
