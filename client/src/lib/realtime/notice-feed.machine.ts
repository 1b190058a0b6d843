import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { NOTICE_POLL_INTERVAL_MS, type AckType, type Notice, type NoticeCount } from '@tapquest/shared';
import { addNotice, applyAck, mergeNotices, newestNoticeId } from './notice-list';

// The signed-in user's notices, kept current whichever way the network allows (SPEC section 4,
// Notice polling). The socket is the fast path: while it is connected, notices, acknowledgements
// and counts are pushed, and each (re)connection asks for what was missed ('notice:sync' after the
// newest notice held). While it is down, the fallbacks of the original take over: the list and the
// count every NOTICE_POLL_INTERVAL_MS and the abortable long poll. When the socket comes back the
// fallbacks stop (leaving a state stops its timers and aborts its requests).
// The socket, the fetches and the delays are provided by name, so tests drive it with fake time.

/** How long a first connection may take before the fallbacks start anyway. */
export const CONNECT_GRACE_MS = 3000;

export interface LatestNotices {
  /** null when the list call failed (the failure is logged by the API client). */
  notices: Notice[] | null;
  count: NoticeCount | null;
}

/** What the socket actor reports. */
export type SocketEvent =
  | { type: 'CONNECTED' }
  | { type: 'DISCONNECTED' }
  | { type: 'NOTICE'; notice: Notice }
  | { type: 'NOTICE_ACK'; notice_id: string; ack_type: AckType }
  | { type: 'COUNT'; count: NoticeCount }
  | { type: 'SYNCED'; notices: Notice[] };

/** What the machine asks of the socket actor. */
export type SocketCommand = { type: 'SYNC'; after: string | null };

export type NoticeFeedEvent =
  | SocketEvent
  /** A PATCH /notices/:id of ours succeeded: the local list follows (SPEC section 4). */
  | { type: 'ACKED'; notice_id: string; ack_type: AckType };

export interface NoticeFeedContext {
  token: string;
  notices: Notice[];
  count: NoticeCount | null;
}

export const noticeFeedMachine = setup({
  types: {
    context: {} as NoticeFeedContext,
    events: {} as NoticeFeedEvent,
    input: {} as { token: string },
  },
  actors: {
    noticeSocket: fromCallback<SocketCommand, { token: string }>(() => {
      throw new Error('noticeSocket was not provided');
    }),
    fetchLatest: fromPromise<LatestNotices, { token: string }>(async () => {
      throw new Error('fetchLatest was not provided');
    }),
    longPoll: fromPromise<Notice[], { token: string; after: string | null }>(async () => {
      throw new Error('longPoll was not provided');
    }),
  },
  delays: {
    connectGrace: CONNECT_GRACE_MS,
    pollInterval: NOTICE_POLL_INTERVAL_MS,
    /** After a long poll that failed or brought nothing, before the next one. */
    longPollRetry: NOTICE_POLL_INTERVAL_MS,
  },
  actions: {
    takeLatest: assign(({ context }, latest: LatestNotices) => ({
      notices: latest.notices ? mergeNotices(context.notices, latest.notices) : context.notices,
      count: latest.count ?? context.count,
    })),
    takeNotices: assign(({ context }, notices: Notice[]) => ({ notices: mergeNotices(context.notices, notices) })),
  },
  guards: {
    broughtNotices: (_, notices: Notice[]) => notices.length > 0,
  },
}).createMachine({
  id: 'noticeFeed',
  type: 'parallel',
  context: ({ input }) => ({ token: input.token, notices: [], count: null }),
  invoke: { id: 'socket', src: 'noticeSocket', input: ({ context }) => ({ token: context.token }) },
  on: {
    NOTICE: { actions: assign(({ context, event }) => addNotice(context, event.notice)) },
    NOTICE_ACK: { actions: assign(({ context, event }) => applyAck(context, event.notice_id, event.ack_type)) },
    ACKED: { actions: assign(({ context, event }) => applyAck(context, event.notice_id, event.ack_type)) },
    COUNT: { actions: assign({ count: ({ event }) => event.count }) },
    SYNCED: { actions: { type: 'takeNotices', params: ({ event }) => event.notices } },
  },
  states: {
    /** The first load, whatever the socket does meanwhile. A failed list shows as empty (SPEC section 8). */
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchLatest',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'ready', actions: { type: 'takeLatest', params: ({ event }) => event.output } },
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    connection: {
      initial: 'connecting',
      states: {
        connecting: {
          on: { CONNECTED: 'live', DISCONNECTED: 'offline' },
          after: { connectGrace: 'offline' },
        },
        live: {
          entry: sendTo('socket', ({ context }): SocketCommand => ({ type: 'SYNC', after: newestNoticeId(context.notices) })),
          on: { DISCONNECTED: 'offline' },
        },
        offline: {
          type: 'parallel',
          on: { CONNECTED: 'live' },
          states: {
            polling: {
              // The first load (or the socket, until it dropped) brought the list; the next poll is one interval on.
              initial: 'waiting',
              states: {
                waiting: { after: { pollInterval: 'fetching' } },
                fetching: {
                  invoke: {
                    src: 'fetchLatest',
                    input: ({ context }) => ({ token: context.token }),
                    onDone: { target: 'waiting', actions: { type: 'takeLatest', params: ({ event }) => event.output } },
                    onError: 'waiting',
                  },
                },
              },
            },
            longPoll: {
              initial: 'waiting',
              states: {
                waiting: {
                  invoke: {
                    src: 'longPoll',
                    // After the newest notice held: nothing that arrived between two polls is missed.
                    input: ({ context }) => ({ token: context.token, after: newestNoticeId(context.notices) }),
                    onDone: [
                      {
                        guard: { type: 'broughtNotices', params: ({ event }) => event.output },
                        target: 'waiting',
                        reenter: true,
                        actions: { type: 'takeNotices', params: ({ event }) => event.output },
                      },
                      // An empty answer (the wait ran out) or a failure rests before asking again, so a
                      // server that answers at once can never turn the loop into a flood.
                      { target: 'resting' },
                    ],
                    onError: 'resting',
                  },
                },
                resting: { after: { longPollRetry: 'waiting' } },
              },
            },
          },
        },
      },
    },
  },
});

export type NoticeConnection = 'connecting' | 'live' | 'offline';

/** Where the connection stands, for people (a quiet hint) and tests. */
export function connectionOf(snapshot: { matches: (state: { connection: NoticeConnection }) => boolean }): NoticeConnection {
  if (snapshot.matches({ connection: 'live' })) return 'live';
  if (snapshot.matches({ connection: 'offline' })) return 'offline';
  return 'connecting';
}
