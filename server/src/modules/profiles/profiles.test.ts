import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/my/profile', () => {
  it('answers the User profile of SPEC section 3 for a fresh account', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api.get('/api/my/profile').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: user.username,
      email: user.email,
      bio: '',
      profileFlair: null,
      profileBadges: [null, null, null],
      flairs: [],
      badges: [],
      experience: { current: 0, required: 100 },
      level: 1,
      questCount: 0,
      interfaceCount: 0,
      history: { lastCheckin: null, streak: 0 },
      role: 'user',
    });
    expect(res.body.rank).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('says when the username is missing, so the client sends the person to sign-up', async () => {
    const user = await createTestUser(server.api, { username: false });
    const res = await server.api.get('/api/my/profile').set(user.auth);
    expect(res.body.username).toBeNull();
  });

  it('needs a valid token', async () => {
    expect((await server.api.get('/api/my/profile')).status).toBe(401);
    const forged = await server.api.get('/api/my/profile').set('Authorization', 'Bearer not.a.token');
    expect(forged.status).toBe(401);
    expect(forged.body.messages[0].message).toBeTruthy();
  });
});

describe('PATCH /api/my/profile', () => {
  it('stores bio, location and links, building social URLs from handles', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api.patch('/api/my/profile').set(user.auth).send({
      biography: '  Trail runner.  ',
      location: 'Lisbon',
      custom_link: 'tapquest.dev/me',
      website_link: 'https://example.com',
      instagram_link: '@alice.runs',
      twitter_link: 'https://twitter.com/alice_x',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      bio: 'Trail runner.',
      location: 'Lisbon',
      link: 'https://tapquest.dev/me',
      website: 'https://example.com/',
      instagram: 'https://instagram.com/alice.runs',
      twitter: 'https://x.com/alice_x',
    });
    const cleared = await server.api.patch('/api/my/profile').set(user.auth).send({ instagram_link: '' });
    expect(cleared.body.instagram).toBe('');
    expect(cleared.body.location).toBe('Lisbon');
  });

  it.each([
    ['alice', 'https://instagram.com/alice', 'https://x.com/alice'],
    ['@alice', 'https://instagram.com/alice', 'https://x.com/alice'],
    ['https://www.instagram.com/alice/', 'https://instagram.com/alice', 'https://x.com/alice'],
    ['https://twitter.com/alice?ref=bio', 'https://instagram.com/alice', 'https://x.com/alice'],
    ['   ', '', ''],
  ])('stores the social value %j as a full URL', async (typed, instagram, twitter) => {
    const user = await createTestUser(server.api);
    const res = await server.api.patch('/api/my/profile').set(user.auth).send({ instagram_link: typed, twitter_link: typed });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ instagram, twitter });
  });

  it('keeps a bio of exactly 300 characters and leaves untouched fields alone', async () => {
    const user = await createTestUser(server.api);
    await server.api.patch('/api/my/profile').set(user.auth).send({ website_link: 'example.org' }).expect(200);
    const res = await server.api
      .patch('/api/my/profile')
      .set(user.auth)
      .send({ biography: 'b'.repeat(300) });
    expect(res.status).toBe(200);
    expect(res.body.bio).toHaveLength(300);
    expect(res.body.website).toBe('https://example.org/');
  });

  it('needs a valid token', async () => {
    expect((await server.api.patch('/api/my/profile').send({ biography: 'x' })).status).toBe(401);
    expect((await server.api.patch('/api/my/profile').set('Authorization', 'Bearer garbage').send({ biography: 'x' })).status).toBe(401);
  });

  it.each([
    [{ biography: 'x'.repeat(301) }, 'biography'],
    [{ custom_link: 'javascript:alert(1)' }, 'custom_link'],
    [{ website_link: 'data:text/html,<script>alert(1)</script>' }, 'website_link'],
    [{ website_link: 'JavaScript:alert(1)' }, 'website_link'],
    [{ custom_link: 'ftp://files.example.com' }, 'custom_link'],
    [{ twitter_link: 'https://x.com/<script>' }, 'twitter_link'],
    [{ instagram_link: 'no spaces allowed' }, 'instagram_link'],
    [{ bio: 'wrong key' }, 'bio'],
    [{ location: { $gt: '' } }, 'location'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const user = await createTestUser(server.api);
    await server.api.patch('/api/my/profile').set(user.auth).send({ biography: 'kept' }).expect(200);
    const res = await server.api.patch('/api/my/profile').set(user.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(field);
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.bio).toBe('kept');
  });
});

describe('GET /api/profiles/:username', () => {
  it('shows public fields to anyone, case-insensitively, and never the email', async () => {
    const user = await createTestUser(server.api);
    await server.api.patch('/api/my/profile').set(user.auth).send({ biography: 'hello' });
    const res = await server.api.get(`/api/profiles/${user.username!.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username, bio: 'hello', level: 1 });
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    expect(res.body).not.toHaveProperty('history');
    expect(res.body).not.toHaveProperty('role');
  });

  it('answers 404 for an unknown name', async () => {
    const res = await server.api.get('/api/profiles/nobody_here_123');
    expect(res.status).toBe(404);
    expect(res.body.messages[0].message).toBe('Profile not found');
  });
});
