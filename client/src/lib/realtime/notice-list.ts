import type { AckType, Notice, NoticeCount } from '@tapquest/shared';

// The notices the client holds arrive from several places at once (the first fetch, the 5 s poll,
// the long poll, the socket and its catch-up sync), so every update is a merge by notice_id:
// applying the same notice twice, or in any order, gives the same list and the same count.

/** Newest first, by created_at and then by id (ids of notices created in the same millisecond still order). */
function newestFirst(a: Notice, b: Notice): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.notice_id < b.notice_id ? 1 : a.notice_id > b.notice_id ? -1 : 0;
}

/** The held notices with `incoming` added or replacing their older copies; the server's copy wins. */
export function mergeNotices(held: readonly Notice[], incoming: readonly Notice[]): Notice[] {
  if (incoming.length === 0) return held as Notice[];
  const byId = new Map(held.map((n) => [n.notice_id, n]));
  for (const notice of incoming) byId.set(notice.notice_id, notice);
  return [...byId.values()].sort(newestFirst);
}

/** What the socket's catch-up asks from: the newest notice held, or null to get the latest ones. */
export function newestNoticeId(notices: readonly Notice[]): string | null {
  return notices[0]?.notice_id ?? null;
}

export function isUnacknowledged(notice: Pick<Notice, 'ack_type'>): boolean {
  return !notice.ack_type;
}

export function isRead(notice: Pick<Notice, 'ack_type'>): boolean {
  return notice.ack_type === 'read';
}

/** An acknowledgement moves forward only: empty -> seen -> read. A late 'seen' never un-reads a notice. */
function laterAck(current: AckType, next: AckType): AckType {
  const rank: Record<AckType, number> = { '': 0, seen: 1, read: 2 };
  return rank[next] > rank[current] ? next : current;
}

/** The count after one held notice changes from `before` to `after` (absent = not held before). */
function recount(count: NoticeCount | null, before: AckType | undefined, after: AckType): NoticeCount | null {
  if (!count) return count;
  const wasNew = before === '';
  const wasUnread = before !== undefined && before !== 'read';
  const isNew = after === '';
  const isUnread = after !== 'read';
  const step = (flag: boolean) => (flag ? 1 : 0);
  return {
    new: Math.max(0, count.new - step(wasNew) + step(isNew)),
    unread: Math.max(0, count.unread - step(wasUnread) + step(isUnread)),
  };
}

export interface HeldNotices {
  notices: Notice[];
  count: NoticeCount | null;
}

/** A notice pushed live: added once, and counted once until the server's own count arrives. */
export function addNotice(held: HeldNotices, notice: Notice): HeldNotices {
  const before = held.notices.find((n) => n.notice_id === notice.notice_id);
  if (before) return { ...held, notices: mergeNotices(held.notices, [notice]) };
  return { notices: mergeNotices(held.notices, [notice]), count: recount(held.count, undefined, notice.ack_type) };
}

/** An acknowledgement (ours, or one from another device) applied to the held copy and the count. */
export function applyAck(held: HeldNotices, noticeId: string, ackType: AckType): HeldNotices {
  const before = held.notices.find((n) => n.notice_id === noticeId);
  if (!before) return held;
  const next = laterAck(before.ack_type, ackType);
  if (next === before.ack_type) return held;
  return {
    notices: held.notices.map((n) => (n.notice_id === noticeId ? { ...n, ack_type: next } : n)),
    count: recount(held.count, before.ack_type, next),
  };
}
