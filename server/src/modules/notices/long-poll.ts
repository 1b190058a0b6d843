import type { Notice } from '@tapquest/shared';
import { noticeBus } from '../../realtime/notice-bus.js';
import { markGiven, noticesNewerThan, pollStart, type NoticePosition } from './notices.service.js';

// GET /my/notices/poll holds the request until the caller has a notice newer than where the poll
// started, or until its duration runs out. Waiters live in this process; the notice bus wakes them
// for notices made on any node (through Redis when there are several).

interface Waiter {
  check(): void;
  end(): void;
}

const waiting = new Map<string, Set<Waiter>>();
/** Set while the server shuts down: polls are answered at once and their connections closed. */
let ended = false;

export function longPollsEnded(): boolean {
  return ended;
}

/** Long polls held right now in this process (tests and metrics). */
export function longPollWaiters(): number {
  let n = 0;
  for (const set of waiting.values()) n += set.size;
  return n;
}

function add(userId: string, waiter: Waiter) {
  let set = waiting.get(userId);
  if (!set) waiting.set(userId, (set = new Set()));
  set.add(waiter);
}

function remove(userId: string, waiter: Waiter) {
  const set = waiting.get(userId);
  set?.delete(waiter);
  if (set?.size === 0) waiting.delete(userId);
}

export interface PollOptions {
  /** Start after this notice instead of after the newest the user has been given. */
  after?: string;
  durationMs: number;
  /** Aborted when the client goes away: the waiter and its timer are dropped at once. */
  signal: AbortSignal;
}

/** Resolves with the new notices (newest first), or [] when the time is up or the client left. */
export async function waitForNewNotices(userId: string, opts: PollOptions): Promise<Notice[]> {
  const start: NoticePosition | null = await pollStart(userId, opts.after);
  if (opts.signal.aborted || ended) return [];

  return new Promise<Notice[]>((resolve, reject) => {
    let done = false;
    let looking = false;
    let lookAgain = false;

    const finish = (notices: Notice[], err?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
      remove(userId, waiter);
      if (err) reject(err);
      else resolve(notices);
    };
    const onAbort = () => finish([]);

    // One look at a time; a wake-up during a look asks for one more look after it.
    const look = async () => {
      if (done) return;
      if (looking) {
        lookAgain = true;
        return;
      }
      looking = true;
      try {
        do {
          lookAgain = false;
          const found = await noticesNewerThan(userId, start);
          if (found.length > 0 && !done) {
            await markGiven(userId, found);
            finish(found);
          }
        } while (lookAgain && !done);
      } catch (err) {
        finish([], err);
      } finally {
        looking = false;
      }
    };

    const waiter: Waiter = { check: () => void look(), end: () => finish([]) };
    const timer = setTimeout(() => finish([]), opts.durationMs);
    opts.signal.addEventListener('abort', onAbort, { once: true });
    // Registered before the first look: a notice stored between the look and the registration
    // would otherwise wake nobody.
    add(userId, waiter);
    void look();
  });
}

/** Wakes the waiters of every user a new notice is for; returns the unsubscribe. */
export function startLongPollWakeups(): () => void {
  ended = false;
  return noticeBus.subscribe((message) => {
    if (message.type !== 'notice-created') return;
    for (const { userId } of message.notices) {
      for (const waiter of waiting.get(userId) ?? []) waiter.check();
    }
  });
}

/** Answers every held poll with nothing, so a shutting-down server does not wait out their durations. */
export function endLongPolls(): void {
  ended = true;
  for (const set of [...waiting.values()]) for (const waiter of [...set]) waiter.end();
}
