import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { Award } from './award.model.js';
import { grantAward } from './progression.service.js';
import { User } from '../accounts/user.model.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const awards = [
    ...['b1', 'b2', 'b3', 'b4'].map((id) => ({ _id: `test-${id}`, kind: 'badge', name: `Badge ${id}`, image: `/img/${id}.png` })),
    ...['f1', 'f2'].map((id) => ({ _id: `test-${id}`, kind: 'flair', name: `Flair ${id}`, image: `/img/${id}.png` })),
  ];
  await Award.insertMany(awards);
});
afterAll(() => server?.close());

async function userId(token: string) {
  const me = await server.api.get('/api/my/profile').set('Authorization', `Bearer ${token}`);
  return (await User.findOne({ usernameKey: me.body.username.toLowerCase() }))!.id as string;
}

describe('POST /api/user/checkin', () => {
  it('gives the day-1 bonus, a fresh token, and records the history', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api.post('/api/user/checkin').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bonus: 10, streak: 0, xp: 10, level: 1 });
    expect(res.body.token).toMatch(/^ey/);
    const again = await server.api.get('/api/my/profile').set('Authorization', `Bearer ${res.body.token}`);
    expect(again.body.experience).toEqual({ current: 10, required: 100 });
    const history = await server.api.get('/api/my/login/history').set(user.auth);
    expect(history.body.streak).toBe(0);
    expect(Date.now() - Date.parse(history.body.lastCheckin)).toBeLessThan(60_000);
  });

  it('pays out once when 20 check-ins arrive at the same moment', async () => {
    const user = await createTestUser(server.api);
    const results = await Promise.all(Array.from({ length: 20 }, () => server.api.post('/api/user/checkin').set(user.auth)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.messages[0].message).toMatch(/already/);
    const profile = await server.api.get('/api/my/profile').set(user.auth);
    expect(profile.body.xp).toBe(10);
  });

  it('refuses a second check-in the same UTC day with 409, paying nothing', async () => {
    const user = await createTestUser(server.api);
    await server.api.post('/api/user/checkin').set(user.auth).expect(200);
    const again = await server.api.post('/api/user/checkin').set(user.auth);
    expect(again.status).toBe(409);
    expect(again.body.messages[0].message).toBe('You have already claimed your daily reward today');
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.xp).toBe(10);
  });

  it('grows the streak on consecutive days, caps the bonus at day 5, and restarts after a missed day', async () => {
    const user = await createTestUser(server.api);
    const id = await userId(user.token);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await User.updateOne({ _id: id }, { $set: { history: { lastCheckin: daysAgo(1), streak: 1 } } });
    const day3 = await server.api.post('/api/user/checkin').set(user.auth);
    expect(day3.body).toMatchObject({ streak: 2, bonus: 30, xp: 30 });
    await User.updateOne({ _id: id }, { $set: { history: { lastCheckin: daysAgo(1), streak: 7 } } });
    const capped = await server.api.post('/api/user/checkin').set(user.auth);
    expect(capped.body).toMatchObject({ streak: 8, bonus: 50, xp: 80 });
    await User.updateOne({ _id: id }, { $set: { history: { lastCheckin: daysAgo(2), streak: 8 } } });
    const restarted = await server.api.post('/api/user/checkin').set(user.auth);
    expect(restarted.body).toMatchObject({ streak: 0, bonus: 10, xp: 90 });
    const history = await server.api.get('/api/my/login/history').set(user.auth);
    expect(history.body.streak).toBe(0);
  });

  it.each([
    ['POST', '/api/user/checkin'],
    ['GET', '/api/my/login/history'],
    ['GET', '/api/my/badges'],
    ['GET', '/api/my/flairs'],
    ['PUT', '/api/my/badges'],
    ['PUT', '/api/my/flair'],
  ])('%s %s needs a valid token', async (method, path) => {
    const call = () => (method === 'GET' ? server.api.get(path) : method === 'PUT' ? server.api.put(path).send({}) : server.api.post(path));
    expect((await call()).status).toBe(401);
    const forged = await call().set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    expect(forged.status).toBe(401);
    expect(forged.body.messages[0].message).toBeTruthy();
  });
});

describe('badges and flairs', () => {
  it('lists owned awards and puts up to three owned badges in the slots', async () => {
    const user = await createTestUser(server.api);
    const id = await userId(user.token);
    for (const a of ['test-b1', 'test-b2', 'test-b3', 'test-f1']) await grantAward(id, a);
    const badges = await server.api.get('/api/my/badges').set(user.auth);
    expect(badges.body.map((b: { id: string }) => b.id)).toEqual(['test-b1', 'test-b2', 'test-b3']);
    expect(badges.body[0]).toMatchObject({ name: 'Badge b1', src: '/img/b1.png' });
    const flairs = await server.api.get('/api/my/flairs').set(user.auth);
    expect(flairs.body.map((f: { id: string }) => f.id)).toEqual(['test-f1']);

    const set = await server.api
      .put('/api/my/badges')
      .set(user.auth)
      .send({ badgeIDs: ['test-b3', 'test-b1'] });
    expect(set.status).toBe(200);
    expect(set.body.profileBadges.map((b: { id: string } | null) => b?.id ?? null)).toEqual(['test-b3', 'test-b1', null]);
    const flair = await server.api.put('/api/my/flair').set(user.auth).send({ flairID: 'test-f1' });
    expect(flair.body.profileFlair).toEqual({ id: 'test-f1', src: '/img/f1.png', name: 'Flair f1' });
    const off = await server.api.put('/api/my/flair').set(user.auth).send({ flairID: null });
    expect(off.body.profileFlair).toBeNull();
  });

  it.each([
    [{ badgeIDs: ['test-b1', 'test-b2', 'test-b3', 'test-b4'] }, 'at most 3'],
    [{ badgeIDs: ['test-b1', 'test-b1'] }, 'repeat'],
    [{ badgeIDs: ['test-b4'] }, 'do not own'],
    [{ badgeIDs: 'test-b1' }, 'badgeIDs'],
  ])('refuses %j and keeps the slots', async (body, text) => {
    const user = await createTestUser(server.api);
    const id = await userId(user.token);
    for (const a of ['test-b1', 'test-b2', 'test-b3']) await grantAward(id, a);
    await server.api
      .put('/api/my/badges')
      .set(user.auth)
      .send({ badgeIDs: ['test-b2'] })
      .expect(200);
    const res = await server.api.put('/api/my/badges').set(user.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(text);
    const profile = await server.api.get('/api/my/profile').set(user.auth);
    expect(profile.body.profileBadges[0].id).toBe('test-b2');
  });

  it("refuses another user's badges, leaving both users' slots as they were", async () => {
    const owner = await createTestUser(server.api);
    const ownerId = await userId(owner.token);
    for (const a of ['test-b1', 'test-b4']) await grantAward(ownerId, a);
    await server.api
      .put('/api/my/badges')
      .set(owner.auth)
      .send({ badgeIDs: ['test-b4', 'test-b1'] })
      .expect(200);
    const other = await createTestUser(server.api);
    const res = await server.api
      .put('/api/my/badges')
      .set(other.auth)
      .send({ badgeIDs: ['test-b4'] });
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain('do not own');
    expect((await server.api.get('/api/my/profile').set(other.auth)).body.profileBadges).toEqual([null, null, null]);
    expect((await server.api.get('/api/my/badges').set(other.auth)).body).toEqual([]);
    const ownerSlots = (await server.api.get('/api/my/profile').set(owner.auth)).body.profileBadges;
    expect(ownerSlots.map((b: { id: string } | null) => b?.id ?? null)).toEqual(['test-b4', 'test-b1', null]);
  });

  it('clears the slots with an empty list', async () => {
    const user = await createTestUser(server.api);
    await grantAward(await userId(user.token), 'test-b1');
    await server.api
      .put('/api/my/badges')
      .set(user.auth)
      .send({ badgeIDs: ['test-b1'] })
      .expect(200);
    const res = await server.api.put('/api/my/badges').set(user.auth).send({ badgeIDs: [] });
    expect(res.status).toBe(200);
    expect(res.body.profileBadges).toEqual([null, null, null]);
  });

  it.each([
    [{ flairID: 'test-b1' }, 'not a flair you own'],
    [{ flairID: 'no-such-flair' }, 'not a flair you own'],
    [{ flairID: 5 }, 'flairID'],
    [{}, 'flairID'],
    [{ flairID: { $ne: null } }, 'flairID'],
  ])('refuses the flair %j and keeps the one worn', async (body, text) => {
    const user = await createTestUser(server.api);
    const id = await userId(user.token);
    for (const a of ['test-b1', 'test-f1']) await grantAward(id, a);
    await server.api.put('/api/my/flair').set(user.auth).send({ flairID: 'test-f1' }).expect(200);
    const res = await server.api.put('/api/my/flair').set(user.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(text);
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.profileFlair.id).toBe('test-f1');
  });

  it("refuses another user's flair", async () => {
    const owner = await createTestUser(server.api);
    await grantAward(await userId(owner.token), 'test-f2');
    const other = await createTestUser(server.api);
    const res = await server.api.put('/api/my/flair').set(other.auth).send({ flairID: 'test-f2' });
    expect(res.status).toBe(400);
  });
});
