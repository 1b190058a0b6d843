import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { Award } from '../progression/award.model.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reset.admin@example.com' });
  await Award.create({ _id: 'reset-badge', kind: 'badge', name: 'Reset badge', image: '/img/r.png' });
});
afterAll(() => server?.close());

describe('GET /api/admin/reset', () => {
  it("resets the admin's own progress and keeps the account", async () => {
    const admin = await createTestUser(server.api, { email: 'reset.admin@example.com' });
    await server.api.post('/api/user/checkin').set(admin.auth).expect(200);
    await server.api.patch('/api/my/profile').set(admin.auth).send({ biography: 'stays' }).expect(200);
    expect((await server.api.get('/api/my/notices').set(admin.auth)).body.length).toBeGreaterThan(0);
    const res = await server.api.get('/api/admin/reset').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(true);
    expect(res.body.profile).toMatchObject({
      xp: 0,
      level: 1,
      history: { lastCheckin: null, streak: 0 },
      bio: 'stays',
      username: admin.username,
    });
    expect((await server.api.get('/api/my/notices').set(admin.auth)).body).toEqual([]);
    expect((await server.api.get('/api/my/notices/count').set(admin.auth)).body).toEqual({ new: 0, unread: 0 });
    // Progress starts over: the daily reward can be claimed again.
    await server.api.post('/api/user/checkin').set(admin.auth).expect(200);
    await server.api.post('/api/user/login').send({ email: admin.email, password: admin.password }).expect(200);
  });

  it('is refused to a user with 403 and to a visitor with 401, changing nothing', async () => {
    const user = await createTestUser(server.api);
    await server.api.post('/api/user/checkin').set(user.auth).expect(200);
    const res = await server.api.get('/api/admin/reset').set(user.auth);
    expect(res.status).toBe(403);
    expect(res.body.messages[0].message).toBeTruthy();
    expect((await server.api.get('/api/admin/reset')).status).toBe(401);
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.xp).toBe(10);
  });
});
