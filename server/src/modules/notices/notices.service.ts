import { Types } from 'mongoose';
import { NOTICE_FETCH_MAX, type AckType, type Notice, type NoticeCount } from '@tapquest/shared';
import { NotFound } from '../../platform/errors.js';
import { noticeBus } from '../../realtime/notice-bus.js';
import { NoticeCursor, NoticeRecord } from './notice.model.js';
import type { NoticeDraft } from './notice-wording.js';

// Notices: storing them, listing, counting, acknowledging, and "what is newer than X" for the
// socket sync and the long poll. Every change is published on the notice bus; how it reaches
// people (socket.io, long poll, web push) is not this file's business.

/** Most notices one sync reply carries; a client getting a full page syncs again after the last one. */
export const SYNC_PAGE = 500;

const OBJECT_ID = /^[a-f0-9]{24}$/;
const oid = (id: string) => new Types.ObjectId(id);

interface StoredNotice {
  _id: Types.ObjectId;
  type: Notice['type'];
  title: string;
  message?: string | null;
  created_at: Date;
  ack_type?: string | null;
  profilePicUrl?: string | null;
  args?: Notice['args'] | null;
}

export function toNotice(doc: StoredNotice): Notice {
  return {
    notice_id: doc._id.toHexString(),
    type: doc.type,
    title: doc.title,
    message: doc.message ?? '',
    created_at: doc.created_at.toISOString(),
    ack_type: (doc.ack_type ?? '') as AckType,
    profilePicUrl: doc.profilePicUrl ?? null,
    args: doc.args ?? {},
  };
}

/** Where a notice sits in its owner's order. */
export interface NoticePosition {
  at: Date;
  id: Types.ObjectId;
}

const keyOf = (p: NoticePosition) => `${p.at.toISOString()}|${p.id.toHexString()}`;
function positionOfKey(key: string): NoticePosition {
  const [iso, hex] = key.split('|');
  return { at: new Date(iso), id: oid(hex) };
}
const newerThan = (p: NoticePosition) => ({ $or: [{ created_at: { $gt: p.at } }, { created_at: p.at, _id: { $gt: p.id } }] });
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;
const OLDEST_FIRST = { created_at: 1, _id: 1 } as const;

/**
 * One notice at a time per user in this process. A notice's place in the order is fixed when it is
 * made (created_at, _id), so two made at once for one user could be stored in the other order; a
 * client that saw the later one and missed the earlier would then never get it from a sync "after"
 * the later one. Making them one after the other closes that gap.
 */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(userId) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(userId, tail);
  void tail.then(() => {
    if (queues.get(userId) === tail) queues.delete(userId);
  });
  return run;
}

export async function noticeCount(userId: string): Promise<NoticeCount> {
  const owner = oid(userId);
  const [fresh, unread] = await Promise.all([
    NoticeRecord.countDocuments({ userId: owner, ack_type: '' }),
    NoticeRecord.countDocuments({ userId: owner, ack_type: { $ne: 'read' } }),
  ]);
  return { new: fresh, unread };
}

/** Stores one notice for one user and announces it with the user's new counts. */
export function createNotice(userId: string, draft: NoticeDraft): Promise<Notice> {
  return oneAtATime(userId, async () => {
    const doc = await NoticeRecord.create({ ...draft, userId: oid(userId), ack_type: '', created_at: new Date() });
    const notice = toNotice(doc.toObject() as StoredNotice);
    await noticeBus.publish({ type: 'notice-created', notices: [{ userId, notice, count: await noticeCount(userId) }] });
    return notice;
  });
}

/**
 * The same notice for many users (a new quest to a brand's members): one insert for all of them,
 * then the notices go out, then the counts. Counting is one query per user, which for thousands of
 * members takes longer than the notices themselves, so the counts follow in their own message
 * rather than hold the notices back.
 *
 * Not queued per user: the order gap above needs two notices for one user within the same
 * millisecond, and a fan-out does not wait on thousands of queues for that.
 */
export async function createNoticeForMany(userIds: string[], draft: NoticeDraft): Promise<number> {
  if (userIds.length === 0) return 0;
  const created_at = new Date();
  const docs = userIds.map((userId) => ({ _id: new Types.ObjectId(), userId: oid(userId), ...draft, ack_type: '', created_at }));
  // lean: the documents are built above from a checked draft; skipping mongoose's per-document casting is most of the insert time.
  await NoticeRecord.insertMany(docs, { ordered: false, lean: true });
  await noticeBus.publish({ type: 'notice-created', notices: docs.map((doc, i) => ({ userId: userIds[i], notice: toNotice(doc) })) });
  const counts: { userId: string; count: NoticeCount }[] = [];
  for (const userId of userIds) counts.push({ userId, count: await noticeCount(userId) });
  await noticeBus.publish({ type: 'notice-counts', counts });
  return docs.length;
}

/** Remembers that the user has been given everything up to this notice (moves forward only). */
async function recordGiven(userId: string, newest: Notice): Promise<void> {
  const key = keyOf({ at: new Date(newest.created_at), id: oid(newest.notice_id) });
  const write = () => NoticeCursor.updateOne({ _id: oid(userId) }, { $max: { key } }, { upsert: true });
  try {
    await write();
  } catch (err) {
    // Two first-ever writes raced to insert the cursor; the loser now finds it and updates it.
    if ((err as { code?: unknown }).code !== 11000) throw err;
    await write();
  }
}

/** GET /my/notices: the newest `limit`, newest first. */
export async function listNotices(userId: string, limit: number): Promise<Notice[]> {
  const docs = await NoticeRecord.find({ userId: oid(userId) })
    .sort(NEWEST_FIRST)
    .limit(limit)
    .lean<StoredNotice[]>();
  const notices = docs.map(toNotice);
  if (notices.length > 0) await recordGiven(userId, notices[0]);
  return notices;
}

async function positionOf(userId: string, noticeId: string): Promise<NoticePosition | null> {
  if (!OBJECT_ID.test(noticeId)) return null;
  const doc = await NoticeRecord.findOne({ _id: oid(noticeId), userId: oid(userId) }, { created_at: 1 }).lean<StoredNotice>();
  return doc ? { at: doc.created_at, id: doc._id } : null;
}

/**
 * socket 'notice:sync': every notice after the given one, oldest first, at most SYNC_PAGE. A client
 * holding nothing (null), or holding an id that is not one of its notices, gets its newest
 * SYNC_PAGE, still oldest first.
 */
export async function noticesAfter(userId: string, after: string | null): Promise<Notice[]> {
  const position = after ? await positionOf(userId, after) : null;
  if (!position) {
    const newest = await NoticeRecord.find({ userId: oid(userId) })
      .sort(NEWEST_FIRST)
      .limit(SYNC_PAGE)
      .lean<StoredNotice[]>();
    return newest.reverse().map(toNotice);
  }
  const docs = await NoticeRecord.find({ userId: oid(userId), ...newerThan(position) })
    .sort(OLDEST_FIRST)
    .limit(SYNC_PAGE)
    .lean<StoredNotice[]>();
  return docs.map(toNotice);
}

/**
 * Where a long poll starts: after the notice named by `after` when it is one of the user's, else
 * after the newest notice the user has been given; null when they have been given none.
 */
export async function pollStart(userId: string, after?: string): Promise<NoticePosition | null> {
  const named = after ? await positionOf(userId, after) : null;
  if (named) return named;
  const cursor = await NoticeCursor.findById(oid(userId)).lean();
  return cursor ? positionOfKey(cursor.key) : null;
}

/** Notices after a position (all of them for null), newest first, at most NOTICE_FETCH_MAX. */
export async function noticesNewerThan(userId: string, position: NoticePosition | null): Promise<Notice[]> {
  const filter = position ? { userId: oid(userId), ...newerThan(position) } : { userId: oid(userId) };
  const docs = await NoticeRecord.find(filter).sort(NEWEST_FIRST).limit(NOTICE_FETCH_MAX).lean<StoredNotice[]>();
  return docs.map(toNotice);
}

/** Marks notices as handed to the user by the long poll. */
export async function markGiven(userId: string, notices: Notice[]): Promise<void> {
  if (notices.length > 0) await recordGiven(userId, notices[0]);
}

const EARLIER: Record<Exclude<AckType, ''>, AckType[]> = { seen: [''], read: ['', 'seen'] };

/**
 * '' -> seen -> read, never back. Asking for a step back (or the same step again) changes nothing and
 * answers the notice as it is: a client that marks everything seen when leaving the screen, racing
 * a click that marked one read, must not turn that read back into seen, nor get an error for it.
 */
export async function acknowledgeNotice(userId: string, noticeId: string, ackType: Exclude<AckType, ''>): Promise<Notice> {
  if (!OBJECT_ID.test(noticeId)) throw new NotFound('Notice not found');
  const owned = { _id: oid(noticeId), userId: oid(userId) };
  const moved = await NoticeRecord.findOneAndUpdate(
    { ...owned, ack_type: { $in: EARLIER[ackType] } },
    { $set: { ack_type: ackType } },
    { returnDocument: 'after' },
  ).lean<StoredNotice>();
  if (moved) {
    const count = await noticeCount(userId);
    await noticeBus.publish({ type: 'notice-acked', userId, notice_id: noticeId, ack_type: ackType, count });
    return toNotice(moved);
  }
  const current = await NoticeRecord.findOne(owned).lean<StoredNotice>();
  if (!current) throw new NotFound('Notice not found');
  return toNotice(current);
}

/** The admin's Reset Profile: the user's notices go with the rest of their progress. */
export async function resetNoticesForUser(userId: string): Promise<void> {
  await oneAtATime(userId, async () => {
    await NoticeRecord.deleteMany({ userId: oid(userId) });
    await NoticeCursor.deleteOne({ _id: oid(userId) });
    await noticeBus.publish({ type: 'notice-counts', counts: [{ userId, count: { new: 0, unread: 0 } }] });
  });
}
