import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// A brand's feed post. content is plain text: paragraphs separated by blank lines, links as bare
// https URLs, so the client renders it without ever injecting HTML.
const postSchema = new Schema({
  brandId: { type: String, required: true },
  author: {
    type: new Schema({ name: { type: String, required: true }, picture: { type: String, required: true } }, { _id: false }),
    required: true,
  },
  content: { type: String, required: true },
  image: { type: String, default: null },
  date: { type: Date, required: true },
});
postSchema.index({ brandId: 1, date: -1 });

export type PostFields = InferSchemaType<typeof postSchema>;
export const Post = mongoose.model('Post', postSchema);
