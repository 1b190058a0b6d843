import { randomBytes } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

// A quest of a brand: tasks to do between startTime and endTime, rewards for doing them all.
// Progress is per user and per task (TaskProgress); finishing is one QuestCompletion per user.

export const TASK_KINDS = ['tap', 'claim', 'checkin'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const REWARD_KINDS = ['xp', 'flair', 'badge'] as const;

const taskSchema = new Schema(
  {
    _id: { type: String, required: true },
    label: { type: String, required: true },
    kind: { type: String, enum: TASK_KINDS, required: true },
    /** How many counted activities complete the task. */
    target: { type: Number, default: 1, min: 1 },
    xp: { type: Number, default: 0, min: 0 },
  },
  { _id: false },
);

const rewardSchema = new Schema(
  {
    kind: { type: String, enum: REWARD_KINDS, required: true },
    /** For xp rewards. */
    xp: { type: Number, default: 0, min: 0 },
    /** For flair and badge rewards: an Award catalogue id. */
    awardId: { type: String, default: null },
    /** For xp rewards: the picture shown with it (an award's reward shows the award). */
    image: { type: String, default: null },
  },
  { _id: false },
);

const questSchema = new Schema({
  _id: { type: String, default: () => randomBytes(9).toString('base64url') },
  brandId: { type: String, required: true },
  title: { type: String, required: true },
  description: { type: String, default: '' },
  bannerImage: { type: String, required: true },
  location: { type: String, default: 'Global' },
  startTime: { type: Date, required: true },
  endTime: { type: Date, default: null },
  tasks: { type: [taskSchema], default: [] },
  rewards: { type: [rewardSchema], default: [] },
  /** Gear models whose taps and claims count for the quest's tap and claim tasks. */
  eligibleModelIds: { type: [String], default: [] },
  publishedAt: { type: Date, default: () => new Date() },
});
questSchema.index({ brandId: 1, startTime: 1 });
questSchema.index({ startTime: 1, endTime: 1 });

const taskProgressSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  questId: { type: String, required: true },
  taskId: { type: String, required: true },
  count: { type: Number, default: 0 },
  /** When an activity last counted: a tap inside TAP_COUNT_WINDOW_MS of it does not count again. */
  lastCountedAt: { type: Date, default: null },
  completedAt: { type: Date, default: null },
});
taskProgressSchema.index({ userId: 1, questId: 1, taskId: 1 }, { unique: true });

const questCompletionSchema = new Schema({
  userId: { type: Schema.Types.ObjectId, required: true },
  questId: { type: String, required: true },
  completedAt: { type: Date, required: true },
});
// The unique index is what makes the rewards of a quest go out exactly once per user.
questCompletionSchema.index({ userId: 1, questId: 1 }, { unique: true });

export type QuestFields = InferSchemaType<typeof questSchema>;
export const Quest = mongoose.model('Quest', questSchema);
export const TaskProgress = mongoose.model('TaskProgress', taskProgressSchema);
export const QuestCompletion = mongoose.model('QuestCompletion', questCompletionSchema);
