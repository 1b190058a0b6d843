import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// A notice belongs to one user. Field names follow the API (SPEC section 3) so a stored notice reads
// like the one sent. Order is (created_at, _id): the time first, the id breaking ties in one ms.
const noticeSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  type: { type: String, enum: ['new-quest', 'new-award', 'add-xp', 'new-level'], required: true },
  title: { type: String, required: true },
  message: { type: String, default: '' },
  created_at: { type: Date, required: true },
  ack_type: { type: String, enum: ['', 'seen', 'read'], default: '' },
  profilePicUrl: { type: String, default: null },
  args: { type: Schema.Types.Mixed, default: () => ({}) },
});
// Every read is "this user's notices, newest first" (the list) or "after this one" (sync, poll).
noticeSchema.index({ userId: 1, created_at: -1, _id: -1 });

/**
 * The newest notice each user has been given by GET /my/notices or the long poll, so that a long
 * poll can answer as soon as there is something newer. key is `<created_at ISO>|<notice id>`: the
 * string sorts like (created_at, _id), so `$max` moves it forward only, however requests race.
 */
const noticeCursorSchema = new Schema({
  _id: { type: Schema.Types.ObjectId, required: true },
  key: { type: String, required: true },
});

export type NoticeFields = InferSchemaType<typeof noticeSchema>;
export const NoticeRecord = mongoose.model('Notice', noticeSchema);
export const NoticeCursor = mongoose.model('NoticeCursor', noticeCursorSchema);
