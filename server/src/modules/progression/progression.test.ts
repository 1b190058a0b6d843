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

  it('needs a token', async () => {
    expect((await server.api.post('/api/user/checkin')).status).toBe(401);
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

    const set = await server.api.put('/api/my/badges').set(user.auth).send({ badgeIDs: ['test-b3', 'test-b1'] });
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
    await server.api.put('/api/my/badges').set(user.auth).send({ badgeIDs: ['test-b2'] }).expect(200);
    const res = await server.api.put('/api/my/badges').set(user.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(text);
    const profile = await server.api.get('/api/my/profile').set(user.auth);
    expect(profile.body.profileBadges[0].id).toBe('test-b2');
  });

  it("refuses another user's flair", async () => {
    const owner = await createTestUser(server.api);
    await grantAward(await userId(owner.token), 'test-f2');
    const other = await createTestUser(server.api);
    const res = await server.api.put('/api/my/flair').set(other.auth).send({ flairID: 'test-f2' });
    expect(res.status).toBe(400);
  });
});
