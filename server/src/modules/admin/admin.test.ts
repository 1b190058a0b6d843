import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { User } from '../accounts/user.model.js';
import { Award } from '../progression/award.model.js';
import { grantAward } from '../progression/progression.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reset.admin@example.com,second.admin@example.com,third.admin@example.com' });
  await Award.create([
    { _id: 'reset-badge', kind: 'badge', name: 'Reset badge', image: '/img/r.png' },
    { _id: 'reset-flair', kind: 'flair', name: 'Reset flair', image: '/img/rf.png' },
  ]);
});
afterAll(() => server?.close());

const idOf = async (user: TestUser) => (await User.findOne({ email: user.email }))!.id as string;

describe('GET /api/admin/reset', () => {
  it("resets the admin's own progress and keeps the account", async () => {
    const admin = await createTestUser(server.api, { email: 'reset.admin@example.com' });
    await server.api.post('/api/user/checkin').set(admin.auth).expect(200);
    await server.api.patch('/api/my/profile').set(admin.auth).send({ biography: 'stays' }).expect(200);
    expect((await server.api.get('/api/my/notices').set(admin.auth)).body.length).toBeGreaterThan(0);
    const res = await server.api.get('/api/admin/reset').query({ ts: '1' }).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(true);
    expect(res.body.profile).toMatchObject({
      xp: 0,
      level: 1,
      history: { lastCheckin: null, streak: 0 },
      bio: 'stays',
      username: admin.username,
      email: admin.email,
      role: 'admin',
    });
    expect((await server.api.get('/api/my/notices').set(admin.auth)).body).toEqual([]);
    expect((await server.api.get('/api/my/notices/count').set(admin.auth)).body).toEqual({ new: 0, unread: 0 });
    // Progress starts over: the daily reward can be claimed again.
    await server.api.post('/api/user/checkin').set(admin.auth).expect(200);
    await server.api.post('/api/user/login').send({ email: admin.email, password: admin.password }).expect(200);
  });

  it('takes back awards, worn flair and badges and the counters, and only the caller’s', async () => {
    const admin = await createTestUser(server.api, { email: 'second.admin@example.com' });
    const bystander = await createTestUser(server.api);
    for (const user of [admin, bystander]) {
      const id = await idOf(user);
      await grantAward(id, 'reset-badge');
      await grantAward(id, 'reset-flair');
      await User.updateOne({ _id: id }, { $set: { questCount: 3, interfaceCount: 2 } });
      await server.api
        .put('/api/my/badges')
        .set(user.auth)
        .send({ badgeIDs: ['reset-badge'] })
        .expect(200);
      await server.api.put('/api/my/flair').set(user.auth).send({ flairID: 'reset-flair' }).expect(200);
    }
    const res = await server.api.get('/api/admin/reset').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      flairs: [],
      badges: [],
      profileFlair: null,
      profileBadges: [null, null, null],
      questCount: 0,
      interfaceCount: 0,
    });
    expect((await server.api.get('/api/my/badges').set(admin.auth)).body).toEqual([]);
    const untouched = (await server.api.get('/api/my/profile').set(bystander.auth)).body;
    expect(untouched).toMatchObject({ questCount: 3, interfaceCount: 2, profileFlair: { id: 'reset-flair' } });
    expect(untouched.badges.map((b: { id: string }) => b.id)).toEqual(['reset-badge']);
  });

  it('is refused to a user with 403 and to a visitor with 401, changing nothing', async () => {
    const user = await createTestUser(server.api);
    await server.api.post('/api/user/checkin').set(user.auth).expect(200);
    const res = await server.api.get('/api/admin/reset').set(user.auth);
    expect(res.status).toBe(403);
    expect(res.body.messages[0].message).toBe('Only admins can do this');
    const visitor = await server.api.get('/api/admin/reset');
    expect(visitor.status).toBe(401);
    expect(visitor.body.messages[0].message).toBeTruthy();
    expect((await server.api.get('/api/admin/reset').set('Authorization', 'Bearer forged')).status).toBe(401);
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.xp).toBe(10);
  });
});
