import { randomBytes } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// One tap of a gear tag. The id travels in the redirect's event_id and later lets the browser
// attach its anonymous id and its user (PATCH /events/:id), so it is random rather than an
// ObjectId: ObjectIds of one process differ by a counter, and a guessable id would let anyone
// attach other people's taps to themselves.
export const newScanEventId = () => randomBytes(16).toString('base64url');
export const SCAN_EVENT_ID = /^[A-Za-z0-9_-]{22}$/;

const scanEventSchema = new Schema({
  _id: { type: String, default: newScanEventId },
  itemId: { type: Schema.Types.ObjectId, required: true },
  modelId: { type: String, required: true },
  brandId: { type: String, required: true },
  at: { type: Date, required: true },
  /** The anonymous id of the tapper's browser (the event cookie), once known. */
  anonId: { type: String, default: null },
  /** The signed-in tapper, once known; set once and never moved to someone else. */
  userId: { type: Schema.Types.ObjectId, default: null },
  /** Two-letter country code from the edge (cf-ipcountry and the like), when present. */
  country: { type: String, default: null },
});
scanEventSchema.index({ itemId: 1, at: -1 });
scanEventSchema.index({ userId: 1, at: -1 });
scanEventSchema.index({ brandId: 1, at: -1 });

export type ScanEventFields = InferSchemaType<typeof scanEventSchema>;
export const ScanEvent = mongoose.model('ScanEvent', scanEventSchema);
