import { Types } from 'mongoose';
import {
  TAP_COUNT_WINDOW_MS,
  type Quest as QuestView,
  type QuestFilter,
  type QuestReward,
  type QuestStatus,
  type QuestTask,
  type TaskButton,
} from '@tapquest/shared';
import { domainEvents } from '../../platform/domain-events.js';
import { Invalid, NotFound, isDuplicateKey } from '../../platform/errors.js';
import { User } from '../accounts/user.model.js';
import { Award } from '../progression/award.model.js';
import { grantAward, grantXp } from '../progression/progression.service.js';
import { Brand } from '../brands/brand.model.js';
import { GearModel } from '../gear/gear.model.js';
import { Quest, QuestCompletion, TaskProgress, type QuestFields, type TaskKind } from './quest.model.js';

// The rules of quests: who has done which task, when a quest is complete, what that gives.
// Every "exactly once" here is a conditional write or a unique index, never a read-then-write:
// a replayed tap, two racing requests or a retried event cannot count twice or pay twice.

type QuestDoc = QuestFields & { _id: string };

export interface QuestInput {
  id?: string;
  brandId: string;
  title: string;
  description?: string;
  bannerImage: string;
  location?: string;
  startTime: Date;
  endTime?: Date | null;
  tasks: { id?: string; label: string; kind: TaskKind; target?: number; xp?: number }[];
  rewards?: ({ kind: 'xp'; xp: number; image?: string } | { kind: 'flair' | 'badge'; awardId: string })[];
  eligibleModelIds?: string[];
}

/** Creates a quest in a brand and tells the house (notices to members) with quest-published. */
export async function publishQuest(input: QuestInput): Promise<QuestDoc> {
  const brand = await Brand.findById(input.brandId).lean();
  if (!brand) throw new NotFound('Brand not found');
  if (input.tasks.length === 0) throw new Invalid('A quest needs at least one task', 'tasks');
  if (input.endTime && input.endTime <= input.startTime) throw new Invalid('A quest must end after it starts', 'endTime');
  const rewards = input.rewards ?? [];
  for (const reward of rewards) {
    if (reward.kind === 'xp') {
      if (!Number.isInteger(reward.xp) || reward.xp <= 0) throw new Invalid('An XP reward needs a positive whole amount', 'rewards');
      continue;
    }
    const award = await Award.findById(reward.awardId).lean();
    if (!award || award.kind !== reward.kind) throw new Invalid(`No ${reward.kind} ${reward.awardId} in the catalogue`, 'rewards');
  }
  const eligibleModelIds = input.eligibleModelIds ?? [];
  if ((await GearModel.countDocuments({ _id: { $in: eligibleModelIds } })) !== new Set(eligibleModelIds).size) {
    throw new Invalid('Eligible gear names an unknown gear model', 'eligibleModelIds');
  }
  const created = await Quest.create({
    ...(input.id ? { _id: input.id } : {}),
    brandId: input.brandId,
    title: input.title,
    description: input.description ?? '',
    bannerImage: input.bannerImage,
    location: input.location ?? 'Global',
    startTime: input.startTime,
    endTime: input.endTime ?? null,
    tasks: input.tasks.map((t, i) => ({ _id: t.id ?? `t${i + 1}`, label: t.label, kind: t.kind, target: t.target ?? 1, xp: t.xp ?? 0 })),
    rewards: rewards.map((r) =>
      r.kind === 'xp' ? { kind: 'xp', xp: r.xp, image: r.image ?? null } : { kind: r.kind, awardId: r.awardId },
    ),
    eligibleModelIds,
  });
  const quest = created.toObject() as QuestDoc;
  await domainEvents.publish({
    type: 'quest-published',
    questId: quest._id,
    brandId: quest.brandId,
    brandName: brand.name,
    title: quest.title,
    image: quest.bannerImage,
  });
  return quest;
}

export interface QuestActivity {
  kind: TaskKind;
  /** The gear model tapped or claimed (tap and claim tasks count only eligible gear). */
  modelId?: string;
  at: Date;
}

/**
 * Counts one activity of a user towards every active quest with a task of its kind: completes tasks
 * (granting their XP) and quests (granting their rewards) as they fill up.
 */
export async function recordQuestActivity(userId: string, activity: QuestActivity): Promise<void> {
  const { kind, modelId, at } = activity;
  const quests = (await Quest.find({
    startTime: { $lte: at },
    $or: [{ endTime: null }, { endTime: { $gt: at } }],
    'tasks.kind': kind,
    ...(kind === 'checkin' ? {} : { eligibleModelIds: modelId ?? '' }),
  })
    .sort({ startTime: 1, _id: 1 })
    .lean()) as QuestDoc[];
  if (quests.length === 0) return;
  const user = new Types.ObjectId(userId);
  const finished = new Set(
    (await QuestCompletion.find({ userId: user, questId: { $in: quests.map((q) => q._id) } }, { questId: 1 }).lean()).map((c) => c.questId),
  );
  for (const quest of quests) {
    if (finished.has(quest._id)) continue;
    let completedAny = false;
    for (const task of quest.tasks.filter((t) => t.kind === kind)) {
      if (await countTask(user, quest, task, at)) completedAny = true;
    }
    if (completedAny) await completeQuestIfDone(user, quest, at);
  }
}

/** Counts one activity for one task; true when this call is the one that completed the task. */
async function countTask(user: Types.ObjectId, quest: QuestDoc, task: QuestDoc['tasks'][number], at: Date): Promise<boolean> {
  const key = { userId: user, questId: quest._id, taskId: task._id };
  try {
    await TaskProgress.updateOne(key, { $setOnInsert: { count: 0, lastCountedAt: null, completedAt: null } }, { upsert: true });
  } catch (err) {
    // Two first activities racing: the other one created the document, which is all we needed.
    if (!isDuplicateKey(err)) throw err;
  }
  const windowMs = task.kind === 'tap' ? TAP_COUNT_WINDOW_MS : 0;
  const counted = await TaskProgress.findOneAndUpdate(
    { ...key, completedAt: null, $or: [{ lastCountedAt: null }, { lastCountedAt: { $lte: new Date(at.getTime() - windowMs) } }] },
    { $inc: { count: 1 }, $set: { lastCountedAt: at } },
    { returnDocument: 'after' },
  ).lean();
  if (!counted || counted.count < task.target) return false;
  const completed = await TaskProgress.updateOne(
    { ...key, completedAt: null, count: { $gte: task.target } },
    { $set: { completedAt: at } },
  );
  if (completed.modifiedCount !== 1) return false;
  if (task.xp > 0) await grantXp(String(user), task.xp, 'quest-task');
  return true;
}

async function completeQuestIfDone(user: Types.ObjectId, quest: QuestDoc, at: Date): Promise<void> {
  const done = await TaskProgress.countDocuments({ userId: user, questId: quest._id, completedAt: { $ne: null } });
  if (done < quest.tasks.length) return;
  try {
    await QuestCompletion.create({ userId: user, questId: quest._id, completedAt: at });
  } catch (err) {
    if (isDuplicateKey(err)) return;
    throw err;
  }
  const userId = String(user);
  await User.updateOne({ _id: user }, { $inc: { questCount: 1 } });
  for (const reward of quest.rewards) {
    if (reward.kind === 'xp' && reward.xp > 0) await grantXp(userId, reward.xp, 'quest-reward');
    else if (reward.awardId) await grantAward(userId, reward.awardId);
  }
  await domainEvents.publish({ type: 'quest-completed', userId, questId: quest._id, title: quest.title });
}

let listeningForCheckins = false;

/**
 * Check-in tasks follow the daily check-in, which progression announces as xp-granted with reason
 * 'daily-checkin'. The bus is process-wide, so one subscription per process is right however many
 * apps are created in it.
 */
export function listenForCheckins(): void {
  if (listeningForCheckins) return;
  listeningForCheckins = true;
  domainEvents.subscribe(async (event) => {
    if (event.type === 'xp-granted' && event.reason === 'daily-checkin') {
      await recordQuestActivity(event.userId, { kind: 'checkin', at: new Date() });
    }
  });
}

/** Forgets a user's quest progress and completions (the admin's Reset Profile). */
export async function resetQuestProgressForUser(userId: string): Promise<void> {
  const user = new Types.ObjectId(userId);
  await TaskProgress.deleteMany({ userId: user });
  await QuestCompletion.deleteMany({ userId: user });
  await User.updateOne({ _id: user }, { $set: { questCount: 0 } });
}

// Views: the Quest shape of SPEC section 3 for one user.

const QUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const STATUS_ORDER: Record<QuestStatus, number> = { active: 0, upcoming: 1, completed: 2 };

export async function questsFor(userId: string, filter: QuestFilter, now = new Date()): Promise<QuestView[]> {
  const quests = (await Quest.find({}).sort({ startTime: 1, _id: 1 }).lean()) as QuestDoc[];
  const views = await toViews(userId, quests, now);
  const kept = views.filter((q) => (filter === 'all' ? true : filter === 'rewards' ? q.hasReward : q.status === filter));
  return kept.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

export async function questFor(userId: string, questId: string, now = new Date()): Promise<QuestView> {
  const quest = QUEST_ID.test(questId) ? ((await Quest.findById(questId).lean()) as QuestDoc | null) : null;
  if (!quest) throw new NotFound('Quest not found');
  const [view] = await toViews(userId, [quest], now);
  return view;
}

export async function questsOfBrandFor(userId: string, brandId: string, now = new Date()): Promise<QuestView[]> {
  const quests = (await Quest.find({ brandId }).sort({ startTime: 1, _id: 1 }).lean()) as QuestDoc[];
  const views = await toViews(userId, quests, now);
  return views.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function toViews(userId: string, quests: QuestDoc[], now: Date): Promise<QuestView[]> {
  if (quests.length === 0) return [];
  const user = new Types.ObjectId(userId);
  const questIds = quests.map((q) => q._id);
  const modelIds = [...new Set(quests.flatMap((q) => q.eligibleModelIds))];
  const awardIds = [...new Set(quests.flatMap((q) => q.rewards.map((r) => r.awardId).filter((id): id is string => Boolean(id))))];
  const [models, awards, progress, completions] = await Promise.all([
    GearModel.find({ _id: { $in: modelIds } }, { name: 1, image: 1 }).lean(),
    Award.find({ _id: { $in: awardIds } }).lean(),
    TaskProgress.find({ userId: user, questId: { $in: questIds } }).lean(),
    QuestCompletion.find({ userId: user, questId: { $in: questIds } }).lean(),
  ]);
  const modelById = new Map(models.map((m) => [m._id, m]));
  const awardById = new Map(awards.map((a) => [a._id, a]));
  const progressByKey = new Map(progress.map((p) => [`${p.questId}/${p.taskId}`, p]));
  const completed = new Set(completions.map((c) => c.questId));

  return quests.map((quest) => {
    const tasks: QuestTask[] = quest.tasks.map((task) => {
      const p = progressByKey.get(`${quest._id}/${task._id}`);
      const done = Boolean(p?.completedAt);
      return {
        id: task._id,
        label: task.label,
        kind: task.kind,
        completed: done,
        xp: task.xp,
        progress: { current: done ? task.target : Math.min(p?.count ?? 0, task.target), target: task.target },
      };
    });
    const rewards: QuestReward[] = quest.rewards.map((reward, i) => {
      const award = reward.awardId ? awardById.get(reward.awardId) : undefined;
      if (award) return { id: award._id, title: award.name, subtitle: award.kind === 'flair' ? 'Flair' : 'Badge', image: award.image };
      return { id: `xp-${i + 1}`, title: `${reward.xp} XP`, subtitle: 'Experience points', image: reward.image ?? quest.bannerImage };
    });
    const status: QuestStatus =
      now < quest.startTime ? 'upcoming' : completed.has(quest._id) || (quest.endTime && now >= quest.endTime) ? 'completed' : 'active';
    const eligibleGear = quest.eligibleModelIds
      .map((id) => modelById.get(id))
      .filter((m) => m !== undefined)
      .map((m) => ({ id: m._id, name: m.name, image: m.image }));
    const tapTasks = quest.tasks.filter((t) => t.kind === 'tap');
    const taps = Math.max(0, ...tapTasks.map((t) => progressByKey.get(`${quest._id}/${t._id}`)?.count ?? 0));
    const awardImage = rewards.find((r) => !r.id.startsWith('xp-'))?.image;
    return {
      id: quest._id,
      brandId: quest.brandId,
      title: quest.title,
      description: quest.description,
      rewardImage: awardImage ?? quest.bannerImage,
      bannerImage: quest.bannerImage,
      location: quest.location,
      date: quest.endTime
        ? `${dateFormat.format(quest.startTime)} – ${dateFormat.format(quest.endTime)}`
        : dateFormat.format(quest.startTime),
      startTime: quest.startTime.toISOString(),
      endTime: quest.endTime?.toISOString() ?? null,
      status,
      hasReward: rewards.length > 0,
      tasks,
      taskButtons: taskButtons(status, tasks, eligibleGear.length > 0, rewards.length > 0),
      rewards,
      eligibleGear,
      overallProgress: { completedSteps: tasks.filter((t) => t.completed).length, totalSteps: tasks.length },
      taps,
      dropdownTypes: [
        ...(eligibleGear.length > 0 ? (['eligibleGear'] as const) : []),
        ...(rewards.length > 0 ? (['questRewards'] as const) : []),
        'tasks',
        ...(tapTasks.length > 0 ? (['tapsWristband'] as const) : []),
        'individualTaskProgress',
        'overallProgress',
      ],
    };
  });
}

const ACTION_LABEL: Record<TaskKind, string> = { tap: 'Tap your gear', claim: 'Claim eligible gear', checkin: 'Check in today' };
const hidden = (label: string, action: string): TaskButton => ({ show: false, label, action, variant: 'primary' });

/** The sheet's two buttons: the next thing to do (while active), then gear or rewards to look at. */
function taskButtons(
  status: QuestStatus,
  tasks: QuestTask[],
  hasGear: boolean,
  hasReward: boolean,
): { button1: TaskButton; button2: TaskButton } {
  const next = tasks.find((t) => !t.completed);
  const button1 =
    status === 'active' && next
      ? { show: true, label: ACTION_LABEL[next.kind], action: next.kind, variant: 'primary' as const }
      : hidden('', 'none');
  const button2: TaskButton =
    status === 'completed'
      ? { show: hasReward, label: 'See rewards', action: 'rewards', variant: 'secondary' }
      : { show: hasGear, label: 'See eligible gear', action: 'eligible-gear', variant: 'secondary' };
  return { button1, button2 };
}
