import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// Brands have short string ids ('1', '2', ...): notices link to /brandhub/1, so the id is part of URLs.
const brandSchema = new Schema({
  _id: { type: String, required: true },
  name: { type: String, required: true },
  description: { type: String, default: '' },
  banner: { type: String, required: true },
  profilePicture: { type: String, required: true },
  /** A small logo for gear cards (organization.brand_logo_small). */
  logoSmall: { type: String, required: true },
  /** Display order in the brand list. */
  order: { type: Number, default: 0 },
});

const membershipSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  brandId: { type: String, required: true },
  joinedAt: { type: Date, default: () => new Date() },
});
// One membership per user and brand: joins racing each other insert once, so members moves by one.
membershipSchema.index({ userId: 1, brandId: 1 }, { unique: true });
membershipSchema.index({ brandId: 1 });

const followSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  brandId: { type: String, required: true },
  followedAt: { type: Date, default: () => new Date() },
});
followSchema.index({ userId: 1, brandId: 1 }, { unique: true });

export type BrandFields = InferSchemaType<typeof brandSchema>;
export const Brand = mongoose.model('Brand', brandSchema);
export const Membership = mongoose.model('Membership', membershipSchema);
export const Follow = mongoose.model('Follow', followSchema);
