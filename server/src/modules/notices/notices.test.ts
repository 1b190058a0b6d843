import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { domainEvents } from '../../platform/domain-events.js';
import { Brand } from '../brands/brand.model.js';
import { Award } from '../progression/award.model.js';
import { checkin, grantAward, grantXp } from '../progression/progression.service.js';
import { publishQuest } from '../quests/quests.service.js';
import { longPollWaiters } from './long-poll.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;
const uid = async (user: TestUser) => (await server.deps.tokens.verify(user.token))!;
const list = async (user: TestUser, query: Record<string, string | number> = {}): Promise<Notice[]> =>
  (await server.api.get('/api/my/notices').query(query).set(user.auth).expect(200)).body;
const count = async (user: TestUser) => (await server.api.get('/api/my/notices/count').set(user.auth).expect(200)).body;

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A poll over plain fetch, so the test can abort it like the client does. */
function poll(user: TestUser, query: string, signal?: AbortSignal) {
  const started = Date.now();
  return fetch(`${server.url}/api/my/notices/poll?${query}`, { headers: user.auth, signal }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { notices: Notice[] },
    ms: Date.now() - started,
  }));
}

describe('notices from domain events', () => {
  it('turns XP into one add-xp notice with the new progress', async () => {
    const user = await createTestUser(server.api);
    await grantXp(await uid(user), 20, 'quest-task');
    const [notice, ...rest] = await list(user);
    expect(rest).toEqual([]);
    expect(notice).toEqual({
      notice_id: expect.stringMatching(/^[a-f0-9]{24}$/),
      type: 'add-xp',
      title: '+20 XP',
      message: 'Quest task completed',
      created_at: expect.any(String),
      ack_type: '',
      profilePicUrl: null,
      args: { profile: { level: 1, xp_progress: 20, xp_required: 100 } },
    });
    expect(Math.abs(Date.parse(notice.created_at) - Date.now())).toBeLessThan(10_000);
  });

  it('adds a new-level notice when a level is crossed, one notice per event', async () => {
    const user = await createTestUser(server.api);
    await grantXp(await uid(user), 120, 'quest-reward');
    const notices = await list(user);
    expect(notices.map((n) => [n.type, n.title])).toEqual([
      ['new-level', 'Level 2 reached!'],
      ['add-xp', '+120 XP'],
    ]);
    expect(notices[0].args).toEqual({ level: 2 });
    expect(notices[0].message).toBe('Nice work! Keep questing to reach level 3.');
    expect(notices[1].args.profile).toEqual({ level: 2, xp_progress: 20, xp_required: 200 });
  });

  it('names the check-in streak day', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    await checkin(id, new Date(Date.now() - DAY));
    await checkin(id, new Date());
    expect((await list(user)).map((n) => `${n.title} / ${n.message}`)).toEqual([
      '+20 XP / Daily check-in: day 2 streak bonus',
      '+10 XP / Daily check-in bonus',
    ]);
  });

  it('announces an award with its picture', async () => {
    const user = await createTestUser(server.api);
    const awardId = `trailblazer-${randomBytes(3).toString('hex')}`;
    await Award.create({ _id: awardId, kind: 'badge', name: 'Trailblazer', image: '/trailblazer.png' });
    await grantAward(await uid(user), awardId);
    await grantAward(await uid(user), awardId); // already held: no event, no second notice
    const notices = await list(user);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'new-award',
      title: 'New badge unlocked: Trailblazer',
      message: 'Show it off in one of your three badge slots.',
      profilePicUrl: '/trailblazer.png',
      args: { award: { type: 'badge', url: '/trailblazer.png' } },
    });
  });

  it('tells each member of the brand, and nobody else, of a new quest', async () => {
    const brandId = `nw${randomBytes(3).toString('hex')}`;
    await Brand.create({ _id: brandId, name: 'Northwind', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
    const [a, b, outsider] = await Promise.all([createTestUser(server.api), createTestUser(server.api), createTestUser(server.api)]);
    for (const member of [a, b]) await server.api.post(`/api/my/brands/${brandId}/membership`).set(member.auth).expect(200);
    const quest = await publishQuest({
      brandId,
      title: 'Night Run',
      bannerImage: '/night-run.webp',
      startTime: new Date(),
      tasks: [{ label: 'Check in', kind: 'checkin' }],
    });
    for (const member of [a, b]) {
      const notices = await list(member);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        type: 'new-quest',
        title: 'New quest from Northwind: Night Run',
        message: 'Open the brand hub to see its tasks and rewards.',
        profilePicUrl: '/night-run.webp',
        args: { quest: { id: String(quest._id), brandId } },
      });
    }
    expect(await list(outsider)).toEqual([]);
  });

  it('makes no notice of events that are not notices', async () => {
    const user = await createTestUser(server.api);
    await domainEvents.publish({ type: 'quest-completed', userId: await uid(user), questId: 'q', title: 'Done' });
    expect(await list(user)).toEqual([]);
  });
});

describe('GET /api/my/notices', () => {
  it('answers 401 without a token', async () => {
    const res = await server.api.get('/api/my/notices');
    expect(res.status).toBe(401);
    expect(res.body.messages[0].message).toBe('Authentication required');
  });

  it('lists newest first, 10 by default, hist up to 100', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    for (let i = 1; i <= 12; i++) await grantXp(id, i, 'quest-task');
    const titles = (await list(user)).map((n) => n.title);
    expect(titles).toEqual(['+12 XP', '+11 XP', '+10 XP', '+9 XP', '+8 XP', '+7 XP', '+6 XP', '+5 XP', '+4 XP', '+3 XP']);
    expect((await list(user, { hist: 3 })).map((n) => n.title)).toEqual(['+12 XP', '+11 XP', '+10 XP']);
    expect(await list(user, { hist: 100 })).toHaveLength(12);
  });

  it.each(['abc', '0', '101', '-1', '2.5', ''])('refuses hist=%j with a 400 naming hist', async (hist) => {
    const user = await createTestUser(server.api);
    const res = await server.api.get('/api/my/notices').query({ hist }).set(user.auth);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].field).toBe('hist');
  });

  it("shows nobody else's notices", async () => {
    const [a, b] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    await grantXp(await uid(a), 5, 'quest-task');
    expect(await list(b)).toEqual([]);
  });
});

describe('GET /api/my/notices/count and PATCH /api/notices/:id', () => {
  it('counts new (not acknowledged) and unread (not read), and acks move forward only', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    for (const xp of [1, 2, 3]) await grantXp(id, xp, 'quest-task');
    const [third, second, first] = await list(user);
    expect(await count(user)).toEqual({ new: 3, unread: 3 });

    const seen = await server.api.patch(`/api/notices/${first.notice_id}`).set(user.auth).send({ ack_type: 'seen' });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ...first, ack_type: 'seen' });
    expect(await count(user)).toEqual({ new: 2, unread: 3 });

    await server.api.patch(`/api/notices/${second.notice_id}`).set(user.auth).send({ ack_type: 'read' }).expect(200);
    await server.api.patch(`/api/notices/${first.notice_id}`).set(user.auth).send({ ack_type: 'read' }).expect(200);
    expect(await count(user)).toEqual({ new: 1, unread: 1 });

    // A step back is answered with the notice as it is (idempotent), and changes nothing.
    const back = await server.api.patch(`/api/notices/${second.notice_id}`).set(user.auth).send({ ack_type: 'seen' });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ ...second, ack_type: 'read' });
    const again = await server.api.patch(`/api/notices/${first.notice_id}`).set(user.auth).send({ ack_type: 'read' });
    expect(again.body.ack_type).toBe('read');
    expect(await count(user)).toEqual({ new: 1, unread: 1 });
    expect((await list(user)).map((n) => n.ack_type)).toEqual(['', 'read', 'read']);
    expect(third.ack_type).toBe('');
  });

  it('answers 404 for notices of someone else, unknown and malformed ids', async () => {
    const [owner, other] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    await grantXp(await uid(owner), 7, 'quest-task');
    const [notice] = await list(owner);
    for (const id of [notice.notice_id, 'ffffffffffffffffffffffff', 'not-an-id', '{"$gt":""}']) {
      const res = await server.api
        .patch(`/api/notices/${encodeURIComponent(id)}`)
        .set(other.auth)
        .send({ ack_type: 'read' });
      expect(res.status, id).toBe(404);
      expect(res.body.messages[0].message).toBe('Notice not found');
    }
    expect((await list(owner))[0].ack_type).toBe('');
  });

  it.each([{ ack_type: 'unread' }, { ack_type: '' }, { ack_type: null }, {}, { ack_type: 'read', extra: 1 }])(
    'refuses %j with a 400',
    async (body) => {
      const user = await createTestUser(server.api);
      await grantXp(await uid(user), 7, 'quest-task');
      const [notice] = await list(user);
      const res = await server.api.patch(`/api/notices/${notice.notice_id}`).set(user.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.messages[0].message).toBeTruthy();
    },
  );

  it('answers 401 without a token', async () => {
    expect((await server.api.get('/api/my/notices/count')).status).toBe(401);
    expect((await server.api.patch('/api/notices/ffffffffffffffffffffffff').send({ ack_type: 'read' })).status).toBe(401);
  });
});

describe('GET /api/my/notices/poll', () => {
  it('answers 401 without a token', async () => {
    expect((await server.api.get('/api/my/notices/poll?duration=1')).status).toBe(401);
  });

  it('answers {notices: []} after the duration when nothing new comes, and leaves no waiter', async () => {
    const user = await createTestUser(server.api);
    const res = await poll(user, 'duration=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ notices: [] });
    expect(res.ms).toBeGreaterThanOrEqual(900);
    expect(res.ms).toBeLessThan(3000);
    expect(longPollWaiters()).toBe(0);
  });

  it.each(['0', '-5'])('keeps duration=%s at the 1 second minimum', async (duration) => {
    const user = await createTestUser(server.api);
    const res = await poll(user, `duration=${duration}`);
    expect(res.body).toEqual({ notices: [] });
    expect(res.ms).toBeGreaterThanOrEqual(900);
    expect(res.ms).toBeLessThan(3000);
  });

  it('answers as soon as a notice newer than the last fetched one arrives, with only that notice', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    await grantXp(id, 3, 'quest-task');
    await list(user); // fetched: the poll waits for something newer than this
    const pending = poll(user, 'duration=20');
    await until(() => longPollWaiters() === 1, 'the poll to wait');
    await grantXp(id, 4, 'quest-task');
    const res = await pending;
    expect(res.body.notices.map((n) => n.title)).toEqual(['+4 XP']);
    expect(res.ms).toBeLessThan(3000);
    expect(longPollWaiters()).toBe(0);

    // What the poll handed over counts as fetched: the next poll waits for the next notice.
    const next = poll(user, 'duration=20');
    await until(() => longPollWaiters() === 1, 'the second poll to wait');
    await grantXp(id, 5, 'quest-task');
    expect((await next).body.notices.map((n) => n.title)).toEqual(['+5 XP']);
  });

  it('answers at once when a notice came between the fetch and the poll', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    await grantXp(id, 3, 'quest-task');
    await list(user);
    await grantXp(id, 4, 'quest-task');
    await grantXp(id, 5, 'quest-task');
    const res = await poll(user, 'duration=20');
    expect(res.body.notices.map((n) => n.title)).toEqual(['+5 XP', '+4 XP']);
    expect(res.ms).toBeLessThan(2000);
  });

  it('with after=<notice_id>, answers what is newer than that notice', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    for (const xp of [1, 2, 3]) await grantXp(id, xp, 'quest-task');
    const [, second] = await list(user);
    const res = await poll(user, `duration=5&after=${second.notice_id}`);
    expect(res.body.notices.map((n) => n.title)).toEqual(['+3 XP']);
    expect(res.ms).toBeLessThan(2000);
  });

  it('wakes only the user the notice is for', async () => {
    const [a, b] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    await list(a);
    const pending = poll(a, 'duration=1');
    await until(() => longPollWaiters() >= 1, 'the poll to wait');
    await grantXp(await uid(b), 9, 'quest-task');
    const res = await pending;
    expect(res.body).toEqual({ notices: [] });
    expect(res.ms).toBeGreaterThanOrEqual(900);
  });

  it('frees the waiter at once when the client aborts (non-numeric duration means 60 s)', async () => {
    const user = await createTestUser(server.api);
    const aborter = new AbortController();
    const pending = poll(user, 'duration=soon', aborter.signal).catch((err: Error) => err.name);
    await until(() => longPollWaiters() === 1, 'the poll to wait');
    aborter.abort();
    expect(await pending).toBe('AbortError');
    await until(() => longPollWaiters() === 0, 'the waiter to go', 1000);
  });
});

describe('shutdown', () => {
  it('answers a held poll at once with nothing, so closing the server does not wait for it', async () => {
    const user = await createTestUser(server.api);
    const pending = poll(user, 'duration=60');
    await until(() => longPollWaiters() === 1, 'the poll to wait');
    const started = Date.now();
    await server.close();
    expect((await pending).body).toEqual({ notices: [] });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(longPollWaiters()).toBe(0);
  });
});
