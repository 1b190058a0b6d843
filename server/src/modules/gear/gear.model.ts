import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// A gear model (a hoodie, a wristband) is made in a numbered run of items; each item carries an
// NFC tag whose URL holds the item's secret device token.
const gearModelSchema = new Schema({
  _id: { type: String, required: true },
  brandId: { type: String, required: true },
  name: { type: String, required: true },
  description: { type: String, default: '' },
  image: { type: String, required: true },
  edition: {
    type: new Schema({ type: { type: String, required: true }, run: { type: Number, required: true, min: 1 } }, { _id: false }),
    required: true,
  },
  /** What claiming one item gives its new owner. */
  claimXp: { type: Number, default: 0, min: 0 },
  claimAwardIds: { type: [String], default: [] },
});
gearModelSchema.index({ brandId: 1 });

const gearItemSchema = new Schema({
  modelId: { type: String, required: true },
  brandId: { type: String, required: true },
  /** The item's number in its run, from 1. */
  serial: { type: Number, required: true, min: 1 },
  /** The secret in the tag's URL: whoever holds it can claim the item while it is free. */
  deviceToken: { type: String, required: true },
  claimedBy: { type: Schema.Types.ObjectId, default: null },
  claimedAt: { type: Date, default: null },
});
gearItemSchema.index({ deviceToken: 1 }, { unique: true });
gearItemSchema.index({ modelId: 1, serial: 1 }, { unique: true });
gearItemSchema.index({ claimedBy: 1, claimedAt: 1 });
gearItemSchema.index({ brandId: 1, claimedBy: 1 });

export type GearModelFields = InferSchemaType<typeof gearModelSchema>;
export type GearItemFields = InferSchemaType<typeof gearItemSchema>;
export const GearModel = mongoose.model('GearModel', gearModelSchema);
export const GearItem = mongoose.model('GearItem', gearItemSchema);
