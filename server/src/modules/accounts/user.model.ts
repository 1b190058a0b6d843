import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { BADGE_SLOTS } from '@tapquest/shared';

const userSchema = new Schema(
  {
    email: { type: String, lowercase: true, trim: true },
    passwordHash: { type: String },
    providers: {
      google: { type: String },
      apple: { type: String },
    },
    username: { type: String },
    /** Lower-cased username: uniqueness is case-insensitive. */
    usernameKey: { type: String },
    role: { type: String, enum: ['user', 'admin'], default: 'user' },
    bio: { type: String, default: '' },
    location: { type: String, default: '' },
    link: { type: String, default: '' },
    website: { type: String, default: '' },
    instagram: { type: String, default: '' },
    twitter: { type: String, default: '' },
    profilePicture: { type: String, default: null },
    banner: { type: String, default: null },
    profileFlair: { type: String, default: null },
    profileBadges: {
      type: [{ type: String, default: null }],
      default: () => Array.from({ length: BADGE_SLOTS }, () => null),
    },
    /** Total XP; level and progress are derived from it with the shared curve. */
    xp: { type: Number, default: 0 },
    /** Completed quests and claimed gear, kept as counters so a profile read is one document. */
    questCount: { type: Number, default: 0 },
    interfaceCount: { type: Number, default: 0 },
    history: {
      lastCheckin: { type: Date, default: null },
      streak: { type: Number, default: 0 },
    },
  },
  { timestamps: true },
);

userSchema.index({ email: 1 }, { unique: true, sparse: true });
userSchema.index({ usernameKey: 1 }, { unique: true, sparse: true });
userSchema.index({ 'providers.google': 1 }, { unique: true, sparse: true });
userSchema.index({ 'providers.apple': 1 }, { unique: true, sparse: true });
userSchema.index({ xp: -1 });

export type UserFields = InferSchemaType<typeof userSchema>;
export type UserDoc = HydratedDocument<UserFields>;
export const User = mongoose.model('User', userSchema);
