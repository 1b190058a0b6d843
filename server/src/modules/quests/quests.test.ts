import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Quest } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { domainEvents, type DomainEvent } from '../../platform/domain-events.js';
import { User } from '../accounts/user.model.js';
import { Brand } from '../brands/brand.model.js';
import { createGearModel, mintGearItems } from '../gear/gear.service.js';
import { Award, UserAward } from '../progression/award.model.js';
import { checkin } from '../progression/progression.service.js';
import { publishQuest, resetQuestProgressForUser, type QuestInput } from './quests.service.js';

let server: TestServer;
let brandId: string;
let hoodie: string;
let sticker: string;
beforeAll(async () => {
  server = await startTestServer();
  brandId = `q${randomBytes(3).toString('hex')}`;
  await Brand.create({ _id: brandId, name: 'Quest Brand', banner: '/b.webp', profilePicture: '/l.png', logoSmall: '/s.png' });
  await Award.create([
    { _id: 'quest-test-flair', kind: 'flair', name: 'Quest Flair', image: '/qf.png' },
    { _id: 'quest-test-badge', kind: 'badge', name: 'Quest Badge', image: '/qb.png' },
  ]);
  hoodie = `${brandId}-hoodie`;
  sticker = `${brandId}-sticker`;
  await createGearModel({ id: hoodie, brandId, name: 'Quest Hoodie', image: '/hoodie.webp', edition: { type: 'Limited', run: 200 } });
  await createGearModel({ id: sticker, brandId, name: 'Sticker', image: '/sticker.webp', edition: { type: 'Open', run: 50 } });
});
afterAll(() => server?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const uid = async (user: TestUser) => (await server.deps.tokens.verify(user.token))!;

function quest(overrides: Partial<QuestInput> = {}): QuestInput {
  return {
    brandId,
    title: `Quest ${randomBytes(2).toString('hex')}`,
    description: 'Do the things',
    bannerImage: '/banner.webp',
    location: 'Global',
    startTime: new Date(Date.now() - HOUR),
    endTime: new Date(Date.now() + DAY),
    tasks: [{ label: 'Claim a hoodie', kind: 'claim', xp: 10 }],
    rewards: [
      { kind: 'xp', xp: 50, image: '/xp.png' },
      { kind: 'flair', awardId: 'quest-test-flair' },
    ],
    eligibleModelIds: [hoodie],
    ...overrides,
  };
}

/** A gear model of its own, so no other test's quest counts this test's claims and taps. */
async function ownModel() {
  const id = `${brandId}-${randomBytes(3).toString('hex')}`;
  await createGearModel({ id, brandId, name: 'Own Gear', image: '/own.webp', edition: { type: 'Open', run: 50 } });
  return id;
}

async function claim(user: TestUser, modelId = hoodie) {
  const [item] = await mintGearItems(modelId, 1);
  await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: item.deviceToken }).expect(200);
}

const getQuest = async (user: TestUser, id: string): Promise<Quest> =>
  (await server.api.get(`/api/my/quests/${id}`).set(user.auth).expect(200)).body;

const events: DomainEvent[] = [];
const stop = domainEvents.subscribe((e) => {
  events.push(e);
});
afterAll(() => stop());
afterEach(() => {
  events.length = 0;
});

describe('GET /api/my/quests', () => {
  it('filters by status and by reward, with the status of each quest for the caller', async () => {
    const user = await createTestUser(server.api);
    const upcoming = await publishQuest(quest({ startTime: new Date(Date.now() + DAY), endTime: new Date(Date.now() + 2 * DAY) }));
    const active = await publishQuest(quest({ rewards: [] }));
    const ended = await publishQuest(quest({ startTime: new Date(Date.now() - 3 * DAY), endTime: new Date(Date.now() - DAY) }));
    const done = await publishQuest(quest({ eligibleModelIds: [sticker] }));
    await claim(user, sticker);

    const ids = async (filter: string) => {
      const res = await server.api.get('/api/my/quests').query({ filter, ts: Date.now() }).set(user.auth);
      expect(res.status).toBe(200);
      return new Set((res.body as Quest[]).map((q) => q.id));
    };
    const all = await ids('all');
    for (const q of [upcoming, active, ended, done]) expect(all.has(q._id)).toBe(true);
    const activeIds = await ids('active');
    expect(activeIds.has(active._id)).toBe(true);
    expect([upcoming, ended, done].some((q) => activeIds.has(q._id))).toBe(false);
    expect(await ids('upcoming')).toEqual(new Set([upcoming._id]));
    const completed = await ids('completed');
    expect(completed.has(done._id) && completed.has(ended._id)).toBe(true);
    expect(completed.has(active._id) || completed.has(upcoming._id)).toBe(false);
    const rewards = await ids('rewards');
    expect(rewards.has(active._id)).toBe(false);
    expect(rewards.has(upcoming._id) && rewards.has(done._id)).toBe(true);

    const noFilter = await server.api.get('/api/my/quests').set(user.auth);
    expect(new Set((noFilter.body as Quest[]).map((q) => q.id))).toEqual(all);
    const statuses = (noFilter.body as Quest[]).map((q) => q.status);
    expect(statuses).toEqual(
      [...statuses].sort((a, b) => ['active', 'upcoming', 'completed'].indexOf(a) - ['active', 'upcoming', 'completed'].indexOf(b)),
    );
  });

  it('answers 400 naming the filter for a bad one, and 401 without a token', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api.get('/api/my/quests').query({ filter: 'finished' }).set(user.auth);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toBe('filter must be one of all, active, completed, upcoming, rewards');
    expect((await server.api.get('/api/my/quests')).status).toBe(401);
    expect((await server.api.get('/api/my/quests/anything')).status).toBe(401);
  });
});

describe('GET /api/my/quests/:questId', () => {
  it('answers the Quest shape with tasks, rewards, eligible gear, buttons and progress', async () => {
    const user = await createTestUser(server.api);
    const q = await publishQuest(
      quest({
        title: 'Shape check',
        location: 'Boulder, CO',
        tasks: [
          { id: 'claim', label: 'Claim a hoodie', kind: 'claim', xp: 10 },
          { id: 'taps', label: 'Tap it twice', kind: 'tap', target: 2, xp: 5 },
        ],
        startTime: new Date('2030-03-03T10:00:00Z'),
        endTime: new Date('2030-03-17T10:00:00Z'),
      }),
    );
    const view = await getQuest(user, q._id);
    expect(view).toEqual({
      id: q._id,
      brandId,
      title: 'Shape check',
      description: 'Do the things',
      rewardImage: '/qf.png',
      bannerImage: '/banner.webp',
      location: 'Boulder, CO',
      date: 'Mar 3, 2030 – Mar 17, 2030',
      startTime: '2030-03-03T10:00:00.000Z',
      endTime: '2030-03-17T10:00:00.000Z',
      status: 'upcoming',
      hasReward: true,
      tasks: [
        { id: 'claim', label: 'Claim a hoodie', kind: 'claim', completed: false, xp: 10, progress: { current: 0, target: 1 } },
        { id: 'taps', label: 'Tap it twice', kind: 'tap', completed: false, xp: 5, progress: { current: 0, target: 2 } },
      ],
      taskButtons: {
        button1: { show: false, label: '', action: 'none', variant: 'primary' },
        button2: { show: true, label: 'See eligible gear', action: 'eligible-gear', variant: 'secondary' },
      },
      rewards: [
        { id: 'xp-1', title: '50 XP', subtitle: 'Experience points', image: '/xp.png' },
        { id: 'quest-test-flair', title: 'Quest Flair', subtitle: 'Flair', image: '/qf.png' },
      ],
      eligibleGear: [{ id: hoodie, name: 'Quest Hoodie', image: '/hoodie.webp' }],
      overallProgress: { completedSteps: 0, totalSteps: 2 },
      taps: 0,
      dropdownTypes: ['eligibleGear', 'questRewards', 'tasks', 'tapsWristband', 'individualTaskProgress', 'overallProgress'],
    });
  });

  it("answers 404 'Quest not found' for unknown and malformed ids", async () => {
    const user = await createTestUser(server.api);
    for (const id of ['nope', '%24ne', 'x'.repeat(80)]) {
      const res = await server.api.get(`/api/my/quests/${id}`).set(user.auth);
      expect(res.status).toBe(404);
      expect(res.body.messages[0].message).toBe('Quest not found');
    }
  });
});

describe('quest progress', () => {
  it('completes a claim task with eligible gear only, then the quest, granting task XP, rewards and questCount once', async () => {
    const user = await createTestUser(server.api);
    const [model, other] = [await ownModel(), await ownModel()];
    const q = await publishQuest(
      quest({
        rewards: [
          { kind: 'xp', xp: 50 },
          { kind: 'badge', awardId: 'quest-test-badge' },
        ],
        eligibleModelIds: [model],
      }),
    );
    await claim(user, other);
    expect((await getQuest(user, q._id)).overallProgress.completedSteps).toBe(0);
    await claim(user, model);
    const view = await getQuest(user, q._id);
    expect(view.status).toBe('completed');
    expect(view.tasks[0]).toMatchObject({ completed: true, progress: { current: 1, target: 1 } });
    expect(view.taskButtons.button1.show).toBe(false);
    expect(view.taskButtons.button2).toMatchObject({ show: true, action: 'rewards' });
    await claim(user, model);
    const stored = await User.findOne({ email: user.email }).lean();
    expect(stored).toMatchObject({ questCount: 1, xp: 60 });
    expect(await UserAward.countDocuments({ userId: stored!._id, awardId: 'quest-test-badge' })).toBe(1);
    expect(events.filter((e) => e.type === 'quest-completed' && e.questId === q._id)).toHaveLength(1);
  });

  it('pays a quest once when its last steps race', async () => {
    // Claims and taps at once, completing the quest's three tasks in whatever interleaving the
    // server sees: each task pays once, the quest once.
    const user = await createTestUser(server.api);
    const model = await ownModel();
    const q = await publishQuest(
      quest({
        tasks: [
          { label: 'Tap', kind: 'tap', xp: 7 },
          { label: 'Tap again', kind: 'tap', xp: 3 },
          { label: 'Claim', kind: 'claim', xp: 5 },
        ],
        rewards: [{ kind: 'xp', xp: 30 }],
        eligibleModelIds: [model],
      }),
    );
    const items = await mintGearItems(model, 16);
    const results = await Promise.all(
      items.map((item, i) =>
        i % 4 === 0
          ? server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: item.deviceToken })
          : server.api.get(`/api/tap/${item.deviceToken}`).set(user.auth).redirects(0),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(4).fill(200), ...Array(12).fill(302)]);
    const stored = await User.findOne({ email: user.email }).lean();
    expect(stored).toMatchObject({ questCount: 1, xp: 45, interfaceCount: 4 });
    const mine = events.filter((e) => 'userId' in e && e.userId === String(stored!._id));
    expect(mine.filter((e) => e.type === 'quest-completed')).toHaveLength(1);
    expect(
      mine
        .filter((e) => e.type === 'xp-granted')
        .map((e) => (e as { reason: string }).reason)
        .sort(),
    ).toEqual(['quest-reward', 'quest-task', 'quest-task', 'quest-task']);
    expect((await getQuest(user, q._id)).status).toBe('completed');
  });

  it('counts parallel taps of the same URL once', async () => {
    const user = await createTestUser(server.api);
    const model = await ownModel();
    const q = await publishQuest(quest({ tasks: [{ label: 'Tap 3 times', kind: 'tap', target: 3 }], eligibleModelIds: [model] }));
    const [item] = await mintGearItems(model, 1);
    await Promise.all(
      Array.from({ length: 10 }, () => server.api.get(`/api/tap/${item.deviceToken}`).set(user.auth).redirects(0).expect(302)),
    );
    const view = await getQuest(user, q._id);
    expect(view.taps).toBe(1);
    expect(view.tasks[0].progress).toEqual({ current: 1, target: 3 });
  });

  it('ignores activity before a quest starts and after it ends', async () => {
    const user = await createTestUser(server.api);
    const model = await ownModel();
    const upcoming = await publishQuest(quest({ startTime: new Date(Date.now() + HOUR), endTime: null, eligibleModelIds: [model] }));
    const ended = await publishQuest(
      quest({ startTime: new Date(Date.now() - 2 * DAY), endTime: new Date(Date.now() - DAY), eligibleModelIds: [model] }),
    );
    await claim(user, model);
    for (const q of [upcoming, ended]) expect((await getQuest(user, q._id)).overallProgress.completedSteps).toBe(0);
    expect((await getQuest(user, upcoming._id)).status).toBe('upcoming');
    expect((await getQuest(user, ended._id)).status).toBe('completed');
  });

  it('counts the daily check-in for check-in tasks', async () => {
    const user = await createTestUser(server.api);
    const q = await publishQuest(
      quest({
        tasks: [{ label: 'Check in', kind: 'checkin', xp: 15 }],
        rewards: [{ kind: 'badge', awardId: 'quest-test-badge' }],
        eligibleModelIds: [],
      }),
    );
    const userId = await uid(user);
    await checkin(userId);
    const view = await getQuest(user, q._id);
    expect(view).toMatchObject({ status: 'completed', overallProgress: { completedSteps: 1, totalSteps: 1 } });
    expect(view.dropdownTypes).toEqual(['questRewards', 'tasks', 'individualTaskProgress', 'overallProgress']);
    expect(events.filter((e) => e.type === 'award-granted' && e.userId === userId)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'xp-granted' && e.userId === userId).map((e) => (e as { reason: string }).reason)).toEqual([
      'daily-checkin',
      'quest-task',
    ]);
  });
});

describe('resetQuestProgressForUser (the admin reset)', () => {
  it('forgets progress and completions, so the quest can be done again', async () => {
    const user = await createTestUser(server.api);
    const model = await ownModel();
    const q = await publishQuest(quest({ rewards: [{ kind: 'xp', xp: 20 }], eligibleModelIds: [model] }));
    await claim(user, model);
    expect((await getQuest(user, q._id)).status).toBe('completed');
    await resetQuestProgressForUser(await uid(user));
    expect(await getQuest(user, q._id)).toMatchObject({ status: 'active', overallProgress: { completedSteps: 0, totalSteps: 1 } });
    expect((await User.findOne({ email: user.email }).lean())?.questCount).toBe(0);
    await claim(user, model);
    expect((await getQuest(user, q._id)).status).toBe('completed');
  });
});

describe('publishQuest', () => {
  it('publishes quest-published once with the brand and the banner', async () => {
    const q = await publishQuest(quest({ title: 'Announced' }));
    expect(events.filter((e) => e.type === 'quest-published')).toEqual([
      { type: 'quest-published', questId: q._id, brandId, brandName: 'Quest Brand', title: 'Announced', image: '/banner.webp' },
    ]);
  });

  it('refuses an unknown brand, award or gear model, no tasks, or an end before the start, and publishes nothing', async () => {
    await expect(publishQuest(quest({ brandId: 'missing' }))).rejects.toThrow('Brand not found');
    await expect(publishQuest(quest({ rewards: [{ kind: 'flair', awardId: 'quest-test-badge' }] }))).rejects.toThrow(/No flair/);
    await expect(publishQuest(quest({ eligibleModelIds: ['no-such-model'] }))).rejects.toThrow(/unknown gear model/);
    await expect(publishQuest(quest({ tasks: [] }))).rejects.toThrow(/at least one task/);
    await expect(publishQuest(quest({ endTime: new Date(Date.now() - 2 * HOUR) }))).rejects.toThrow(/end after/);
    expect(events.filter((e) => e.type === 'quest-published')).toHaveLength(0);
  });
});
