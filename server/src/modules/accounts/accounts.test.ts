import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, uniqueEmail, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => server?.close());

describe('POST /api/user (sign-up)', () => {
  it('creates an account and answers a token', async () => {
    const res = await server.api.post('/api/user').send({ email: uniqueEmail(), password: 'long enough pw' });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^ey/);
  });

  it('normalises the email so a second sign-up with other case is a 409', async () => {
    const email = uniqueEmail('Case');
    await server.api.post('/api/user').send({ email, password: 'long enough pw' }).expect(201);
    const res = await server.api.post('/api/user').send({ email: `  ${email.toUpperCase()} `, password: 'long enough pw' });
    expect(res.status).toBe(409);
    expect(res.body.messages[0].message).toBe('An account with this email already exists');
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pw' }, 'email'],
    [{ email: 'a@b.co', password: 'short' }, 'password'],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'password'],
    [{ email: { $gt: '' }, password: 'long enough pw' }, 'email'],
    [{ email: 'a@b.co', password: 'long enough pw', role: 'admin' }, ''],
  ])('refuses %j naming the field', async (body, field) => {
    const res = await server.api.post('/api/user').send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(field);
  });

  it('answers 400 with a message for a body that is not JSON', async () => {
    const res = await server.api.post('/api/user').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/JSON/);
  });
});

describe('POST /api/user/login', () => {
  it('answers a token for the right password and 401 for a wrong one', async () => {
    const user = await createTestUser(server.api, { username: false });
    const ok = await server.api.post('/api/user/login').send({ email: user.email, password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^ey/);
    const bad = await server.api.post('/api/user/login').send({ email: user.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    const unknown = await server.api.post('/api/user/login').send({ email: uniqueEmail(), password: 'whatever pw' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.messages[0].message).toBe(bad.body.messages[0].message);
  });

  it('makes ADMIN_EMAILS accounts admins', async () => {
    const res = await server.api.post('/api/user').send({ email: 'boss@example.com', password: 'long enough pw' }).expect(201);
    const profile = await server.api.get('/api/my/profile').set('Authorization', `Bearer ${res.body.token}`);
    expect(profile.body.role).toBe('admin');
  });
});

describe('usernames', () => {
  it('reports availability case-insensitively and lets exactly one of two racing claims win', async () => {
    const a = await createTestUser(server.api, { username: false });
    const b = await createTestUser(server.api, { username: false });
    const name = `Racer_${Date.now() % 100000}`;
    const before = await server.api.get('/api/username').query({ username: name.toLowerCase() }).set(a.auth);
    expect(before.body.available).toBe(true);
    const [ra, rb] = await Promise.all([
      server.api.put('/api/my/username').set(a.auth).send({ username: name }),
      server.api.put('/api/my/username').set(b.auth).send({ username: name.toUpperCase() }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const after = await server.api.get('/api/username').query({ username: name }).set(b.auth);
    expect(after.body.available).toBe(false);
  });

  it('returns the profile with the new username', async () => {
    const user = await createTestUser(server.api, { username: false });
    const res = await server.api.put('/api/my/username').set(user.auth).send({ username: 'Fresh_Name1' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('Fresh_Name1');
  });

  it.each(['short', '9starts', 'has space', 'a'.repeat(21)])('refuses %s with 400', async (username) => {
    const user = await createTestUser(server.api, { username: false });
    const res = await server.api.put('/api/my/username').set(user.auth).send({ username });
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/username/);
  });
});

describe('tokens', () => {
  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer not-a-jwt'],
    ['alg none', `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"000000000000000000000000"}').toString('base64url')}.`],
  ])('refuses %s on a private call with 401', async (_label, header) => {
    const req = server.api.put('/api/my/username').send({ username: 'Valid_name1' });
    const res = header ? await req.set('Authorization', header) : await req;
    expect(res.status).toBe(401);
    expect(res.body.messages[0].message).toBeTruthy();
  });

  it('refuses a token whose signature was tampered with', async () => {
    const user = await createTestUser(server.api, { username: false });
    const [h, p, s] = user.token.split('.');
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('A') ? 'BB' : 'AA'}`;
    const res = await server.api.put('/api/my/username').set('Authorization', `Bearer ${tampered}`).send({ username: 'Valid_name2' });
    expect(res.status).toBe(401);
  });
});

describe('API fallbacks', () => {
  it('answers JSON 404 for an unknown API path', async () => {
    const res = await server.api.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.messages[0].message).toContain('/nothing-here');
  });
  it('reports health with the database up', async () => {
    const res = await server.api.get('/api/health');
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });
});
