import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { NOTICE_POLL_INTERVAL_MS, type Notice, type NoticeCount } from '@tapquest/shared';
import { CONNECT_GRACE_MS, connectionOf, noticeFeedMachine, type LatestNotices, type SocketCommand, type SocketEvent } from './notice-feed.machine';

function notice(id: string, minute: number, overrides: Partial<Notice> = {}): Notice {
  return {
    notice_id: id,
    type: 'add-xp',
    title: `Notice ${id}`,
    message: 'You earned XP',
    created_at: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
    ack_type: '',
    profilePicUrl: null,
    args: {},
    ...overrides,
  };
}

/** A stand-in socket the test plays the server of: it reports events and records the machine's commands. */
function fakeSocket() {
  const commands: SocketCommand[] = [];
  let report: ((event: SocketEvent) => void) | null = null;
  let open = 0;
  const actor = fromCallback<SocketCommand, { token: string }>(({ sendBack, receive }) => {
    open += 1;
    report = sendBack;
    receive((command) => commands.push(command));
    return () => {
      open -= 1;
    };
  });
  return {
    actor,
    commands,
    send: (event: SocketEvent) => report?.(event),
    get open() {
      return open;
    },
  };
}

function start(options: { latest?: () => Promise<LatestNotices>; longPoll?: (signal: AbortSignal, after: string | null) => Promise<Notice[]> } = {}) {
  const socket = fakeSocket();
  const fetchLatest = vi.fn(options.latest ?? (async () => ({ notices: [notice('n1', 1)], count: { new: 1, unread: 1 } })));
  const signals: AbortSignal[] = [];
  const longPoll = vi.fn(
    options.longPoll ??
      ((signal: AbortSignal, _after: string | null) =>
        new Promise<Notice[]>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))),
  );
  const actor = createActor(
    noticeFeedMachine.provide({
      actors: {
        noticeSocket: socket.actor,
        fetchLatest: fromPromise(() => fetchLatest()),
        longPoll: fromPromise(({ input, signal }) => {
          signals.push(signal);
          return longPoll(signal, input.after);
        }),
      },
    }),
    { input: { token: 'jwt-ada' } },
  );
  actor.start();
  const context = () => actor.getSnapshot().context;
  const connection = () => connectionOf(actor.getSnapshot());
  return { actor, socket, fetchLatest, longPoll, signals, context, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notice feed machine', () => {
  it('loads the list and the count once at start, and opens the socket', async () => {
    const { socket, fetchLatest, context, actor } = start();
    expect(socket.open).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(context().notices.map((n) => n.notice_id)).toEqual(['n1']);
    expect(context().count).toEqual({ new: 1, unread: 1 });
  });

  it('shows an empty list when the first load fails', async () => {
    const { actor, context } = start({ latest: () => Promise.reject(new Error('offline')) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(context().notices).toEqual([]);
  });

  it('on connecting asks the socket for everything after the newest notice held, and merges the answer', async () => {
    const { socket, context, connection } = start();
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'CONNECTED' });
    expect(connection()).toBe('live');
    expect(socket.commands).toEqual([{ type: 'SYNC', after: 'n1' }]);
    socket.send({ type: 'SYNCED', notices: [notice('n2', 2), notice('n1', 1, { ack_type: 'seen' })] });
    expect(context().notices.map((n) => [n.notice_id, n.ack_type])).toEqual([
      ['n2', ''],
      ['n1', 'seen'],
    ]);
  });

  it('puts a pushed notice on top at once, counts it once, and takes the server count when it comes', async () => {
    const { socket, context } = start();
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'CONNECTED' });
    socket.send({ type: 'NOTICE', notice: notice('n2', 2) });
    socket.send({ type: 'NOTICE', notice: notice('n2', 2) });
    expect(context().notices.map((n) => n.notice_id)).toEqual(['n2', 'n1']);
    expect(context().count).toEqual({ new: 2, unread: 2 });
    socket.send({ type: 'COUNT', count: { new: 0, unread: 7 } });
    expect(context().count).toEqual({ new: 0, unread: 7 });
  });

  it('applies acknowledgements from the socket and from our own patches, never backwards', async () => {
    const { socket, actor, context } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ACKED', notice_id: 'n1', ack_type: 'read' });
    expect(context().notices[0].ack_type).toBe('read');
    expect(context().count).toEqual({ new: 0, unread: 0 });
    socket.send({ type: 'NOTICE_ACK', notice_id: 'n1', ack_type: 'seen' });
    expect(context().notices[0].ack_type).toBe('read');
    expect(context().count).toEqual({ new: 0, unread: 0 });
  });

  it('socket down -> polls list and count every interval with a long poll running -> socket back -> both stop', async () => {
    const { socket, fetchLatest, longPoll, signals, connection } = start();
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'CONNECTED' });
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(longPoll).not.toHaveBeenCalled();

    socket.send({ type: 'DISCONNECTED' });
    expect(connection()).toBe('offline');
    expect(longPoll).toHaveBeenCalledOnce();
    expect(longPoll.mock.calls[0][1]).toBe('n1');
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS - 1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS * 2);
    expect(fetchLatest).toHaveBeenCalledTimes(4);

    socket.send({ type: 'CONNECTED' });
    expect(connection()).toBe('live');
    expect(signals[0].aborted).toBe(true);
    expect(socket.commands).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS * 5);
    expect(fetchLatest).toHaveBeenCalledTimes(4);
    expect(longPoll).toHaveBeenCalledOnce();
  });

  it(`falls back when the socket has not connected ${CONNECT_GRACE_MS} ms after start`, async () => {
    const { connection, longPoll } = start();
    await vi.advanceTimersByTimeAsync(CONNECT_GRACE_MS - 1);
    expect(connection()).toBe('connecting');
    expect(longPoll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(connection()).toBe('offline');
    expect(longPoll).toHaveBeenCalledOnce();
  });

  it('keeps long polling: asks again at once after notices, rests after an empty answer or a failure', async () => {
    const answers: (() => Promise<Notice[]>)[] = [
      async () => [notice('n2', 2)],
      async () => [],
      () => Promise.reject(new Error('502')),
      () => new Promise<Notice[]>(() => {}),
    ];
    const { socket, longPoll, context } = start({ longPoll: () => answers.shift()!() });
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'DISCONNECTED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(longPoll).toHaveBeenCalledTimes(2);
    expect(context().notices.map((n) => n.notice_id)).toEqual(['n2', 'n1']);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS);
    expect(longPoll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS - 1);
    expect(longPoll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(longPoll).toHaveBeenCalledTimes(4);
  });

  it('keeps the held list when a later poll fails', async () => {
    let calls = 0;
    const { socket, context } = start({
      latest: async () => (++calls === 1 ? { notices: [notice('n1', 1)], count: { new: 1, unread: 1 } } : { notices: null, count: null }),
    });
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'DISCONNECTED' });
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS);
    expect(calls).toBe(2);
    expect(context().notices.map((n) => n.notice_id)).toEqual(['n1']);
    expect(context().count).toEqual({ new: 1, unread: 1 });
  });

  it('closes the socket and stops every timer when stopped', async () => {
    const { actor, socket, fetchLatest } = start();
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'DISCONNECTED' });
    actor.stop();
    expect(socket.open).toBe(0);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledOnce();
  });
});

describe('merging notices', () => {
  it('keeps newest first whatever the arrival order', async () => {
    const { socket, context } = start({ latest: async () => ({ notices: [notice('a', 5)], count: null as NoticeCount | null }) });
    await vi.advanceTimersByTimeAsync(0);
    socket.send({ type: 'CONNECTED' });
    socket.send({ type: 'SYNCED', notices: [notice('b', 3), notice('c', 9)] });
    expect(context().notices.map((n) => n.notice_id)).toEqual(['c', 'a', 'b']);
  });
});
