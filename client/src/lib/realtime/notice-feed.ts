import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { AckType, Notice, NoticeCount } from '@tapquest/shared';
import { getMyNoticeCount, getMyNotices, pollMyNotices } from '../api';
import { connectionOf, noticeFeedMachine, type LatestNotices, type NoticeConnection } from './notice-feed.machine';
import { noticeSocket } from './notice-socket';

// The running notice feed of one signed-in user: the machine with the real socket and API calls.
// This module (with xstate and, on first connect, socket.io-client) is loaded on demand by
// NoticeFeedProvider once there is a token.

export interface NoticeFeedState {
  /** 'loading' until the first list (or its failure) is in. */
  status: 'loading' | 'ready';
  connection: NoticeConnection;
  notices: Notice[];
  count: NoticeCount | null;
}

export interface NoticeFeed {
  subscribe(listener: () => void): () => void;
  getState(): NoticeFeedState;
  /** Tells the feed one of our PATCH /notices/:id calls succeeded, so the local list follows. */
  acknowledged(noticeId: string, ackType: Exclude<AckType, ''>): void;
  /** False once stopped (signed out, or the screens holding the feed went away). */
  isActive(): boolean;
  stop(): void;
}

async function fetchLatest(token: string): Promise<LatestNotices> {
  const [list, count] = await Promise.all([getMyNotices(token), getMyNoticeCount(token)]);
  return {
    notices: list.ok ? await list.json() : null,
    count: count.ok ? await count.json() : null,
  };
}

async function longPoll(token: string, after: string | null, signal: AbortSignal): Promise<Notice[]> {
  const res = await pollMyNotices(token, { after, signal });
  if (!res.ok) throw new Error(`long poll answered ${res.status}`);
  const body = await res.json();
  return Array.isArray(body?.notices) ? body.notices : [];
}

function stateOf(snapshot: SnapshotFrom<typeof noticeFeedMachine>): NoticeFeedState {
  return {
    status: snapshot.matches({ list: 'ready' }) ? 'ready' : 'loading',
    connection: connectionOf(snapshot),
    notices: snapshot.context.notices,
    count: snapshot.context.count,
  };
}

export function startNoticeFeed(token: string): NoticeFeed {
  const actor = createActor(
    noticeFeedMachine.provide({
      actors: {
        noticeSocket,
        fetchLatest: fromPromise(({ input }) => fetchLatest(input.token)),
        longPoll: fromPromise(({ input, signal }) => longPoll(input.token, input.after, signal)),
      },
    }),
    { input: { token } },
  );
  // One state object per snapshot, so React sees a change only when there is one.
  let seen = actor.getSnapshot();
  let state = stateOf(seen);
  const getState = () => {
    const current = actor.getSnapshot();
    if (current !== seen) {
      const next = stateOf(current);
      seen = current;
      const same =
        next.status === state.status && next.connection === state.connection && next.notices === state.notices && next.count === state.count;
      if (!same) state = next;
    }
    return state;
  };
  actor.start();
  return {
    subscribe(listener) {
      const subscription = actor.subscribe({ next: listener, error: (err) => console.error('notice feed stopped', err) });
      return () => subscription.unsubscribe();
    },
    getState,
    acknowledged: (noticeId, ackType) => actor.send({ type: 'ACKED', notice_id: noticeId, ack_type: ackType }),
    isActive: () => actor.getSnapshot().status === 'active',
    stop: () => actor.stop(),
  };
}
