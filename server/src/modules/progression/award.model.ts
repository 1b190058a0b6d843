import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// The catalogue of flairs and badges (seeded), and who owns which.
const awardSchema = new Schema({
  _id: { type: String, required: true },
  kind: { type: String, enum: ['flair', 'badge'], required: true },
  name: { type: String, required: true },
  image: { type: String, required: true },
  description: { type: String, default: '' },
  issuer: { type: String, default: 'Tapquest' },
});
awardSchema.index({ kind: 1, _id: 1 });

const userAwardSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  awardId: { type: String, required: true },
  kind: { type: String, enum: ['flair', 'badge'], required: true },
  acquiredAt: { type: Date, default: () => new Date() },
});
// One of each award per user: the unique index is what makes "granted exactly once" hold under races.
userAwardSchema.index({ userId: 1, awardId: 1 }, { unique: true });
userAwardSchema.index({ userId: 1, kind: 1 });

export type AwardFields = InferSchemaType<typeof awardSchema>;
export const Award = mongoose.model('Award', awardSchema);
export const UserAward = mongoose.model('UserAward', userAwardSchema);
