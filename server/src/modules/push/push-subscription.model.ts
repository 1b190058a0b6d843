import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// A browser's push subscription (the PushSubscription object the client registers).
const pushSubscriptionSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  endpoint: { type: String, required: true },
  keys: {
    type: new Schema({ p256dh: { type: String, required: true }, auth: { type: String, required: true } }, { _id: false }),
    required: true,
  },
  expirationTime: { type: Number, default: null },
  createdAt: { type: Date, default: () => new Date() },
});
// Once per endpoint per user: registering again (every app start does) updates the keys in place.
pushSubscriptionSchema.index({ userId: 1, endpoint: 1 }, { unique: true });
// Finds the other accounts that held the same browser (see registerPushSubscription).
pushSubscriptionSchema.index({ endpoint: 1 });

export type PushSubscriptionFields = InferSchemaType<typeof pushSubscriptionSchema>;
export const PushSubscriptionRecord = mongoose.model('PushSubscription', pushSubscriptionSchema);
