import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandCard, BrandHub } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { createGearModel, mintGearItems } from '../gear/gear.service.js';
import { publishQuest } from '../quests/quests.service.js';
import { Brand } from './brand.model.js';
import { brandMemberIds } from './brands.service.js';
import { Post } from './post.model.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Brand '1' exists in every real database (notices link to /brandhub/1); here the tests make it.
  await Brand.create([
    {
      _id: '1',
      name: 'First Brand',
      description: 'The first',
      banner: '/b1.webp',
      profilePicture: '/l1.png',
      logoSmall: '/s1.png',
      order: 0,
    },
    { _id: '2', name: 'Second Brand', banner: '/b2.webp', profilePicture: '/l2.png', logoSmall: '/s2.png', order: 1 },
    { _id: '3', name: 'Third Brand', banner: '/b3.webp', profilePicture: '/l3.png', logoSmall: '/s3.png', order: 2 },
  ]);
});
afterAll(() => server?.close());

const DAY = 86_400_000;

async function newBrand() {
  const id = `b${randomBytes(3).toString('hex')}`;
  await Brand.create({
    _id: id,
    name: `Brand ${id}`,
    description: 'Made for a test',
    banner: '/banner.webp',
    profilePicture: '/logo.png',
    logoSmall: '/small.png',
    order: 10,
  });
  return id;
}

describe('GET /api/my/brands/pwa', () => {
  it("lists every brand as a card, the caller's communities first, then in the brands' order", async () => {
    const user = await createTestUser(server.api);
    const before: BrandCard[] = (await server.api.get('/api/my/brands/pwa').set(user.auth)).body;
    expect(before.slice(0, 3)).toEqual([
      { id: '1', name: 'First Brand', banner: '/b1.webp', profilePicture: '/l1.png', isMember: false },
      { id: '2', name: 'Second Brand', banner: '/b2.webp', profilePicture: '/l2.png', isMember: false },
      { id: '3', name: 'Third Brand', banner: '/b3.webp', profilePicture: '/l3.png', isMember: false },
    ]);
    await server.api.post('/api/my/brands/3/membership').set(user.auth).expect(200);
    const after: BrandCard[] = (await server.api.get('/api/my/brands/pwa').set(user.auth)).body;
    expect(after.slice(0, 3).map((b) => [b.id, b.isMember])).toEqual([
      ['3', true],
      ['1', false],
      ['2', false],
    ]);
  });

  it('needs a token', async () => {
    expect((await server.api.get('/api/my/brands/pwa')).status).toBe(401);
    expect((await server.api.get('/api/my/brands/1')).status).toBe(401);
    expect((await server.api.post('/api/my/brands/1/membership')).status).toBe(401);
  });
});

describe('GET /api/my/brands/:brandId', () => {
  it('answers the hub: counts, gear with availability, quests with progress and posts newest first', async () => {
    const brandId = await newBrand();
    await createGearModel({ id: `${brandId}-cap`, brandId, name: 'Cap', image: '/cap.webp', edition: { type: 'Limited', run: 4 } });
    const [first] = await mintGearItems(`${brandId}-cap`, 4);
    await publishQuest({
      brandId,
      title: 'Tap the cap',
      bannerImage: '/quest.webp',
      startTime: new Date(Date.now() - DAY),
      endTime: new Date(Date.now() + DAY),
      tasks: [{ label: 'Tap it', kind: 'tap' }],
      eligibleModelIds: [`${brandId}-cap`],
    });
    await Post.create([
      { brandId, author: { name: 'Old', picture: '/a.png' }, content: 'Older post', date: new Date(Date.now() - 2 * DAY) },
      {
        brandId,
        author: { name: 'New', picture: '/a.png' },
        content: 'Read https://example.com/x here.\n\nSecond paragraph.',
        image: '/p.webp',
        date: new Date(),
      },
    ]);
    const user = await createTestUser(server.api);
    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: first.deviceToken }).expect(200);

    const res = await server.api.get(`/api/my/brands/${brandId}`).set(user.auth);
    expect(res.status).toBe(200);
    const hub: BrandHub = res.body;
    expect(hub).toMatchObject({
      id: brandId,
      name: `Brand ${brandId}`,
      description: 'Made for a test',
      banner: '/banner.webp',
      profilePicture: '/logo.png',
      members: 1,
      isMember: true,
      isFollowing: false,
      gearAvailable: 3,
      gear: [{ id: `${brandId}-cap`, name: 'Cap', image: '/cap.webp', edition: { type: 'Limited', run: 4, available: 3 } }],
    });
    expect(hub.quests).toHaveLength(1);
    expect(hub.quests[0]).toMatchObject({ title: 'Tap the cap', status: 'active', overallProgress: { completedSteps: 0, totalSteps: 1 } });
    expect(hub.posts.map((p) => p.author.name)).toEqual(['New', 'Old']);
    expect(hub.posts[0]).toMatchObject({ content: 'Read https://example.com/x here.\n\nSecond paragraph.', image: '/p.webp' });
    expect(hub.posts[1].image).toBeNull();
  });

  it("answers 404 'Brand not found' for unknown and malformed ids", async () => {
    const user = await createTestUser(server.api);
    for (const id of ['999', 'no-such-brand', '%24where', 'x'.repeat(40)]) {
      const res = await server.api.get(`/api/my/brands/${id}`).set(user.auth);
      expect(res.status).toBe(404);
      expect(res.body.messages[0].message).toBe('Brand not found');
    }
    for (const method of ['post', 'delete'] as const) {
      expect((await server.api[method]('/api/my/brands/999/membership').set(user.auth)).status).toBe(404);
      expect((await server.api[method]('/api/my/brands/999/follow').set(user.auth)).status).toBe(404);
    }
  });
});

describe('membership and follow', () => {
  it('join sets isMember and adds one member, again changes nothing, leave takes it back', async () => {
    const brandId = await newBrand();
    const [a, b] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    expect((await server.api.post(`/api/my/brands/${brandId}/membership`).set(a.auth)).body).toEqual({ isMember: true, members: 1 });
    expect((await server.api.post(`/api/my/brands/${brandId}/membership`).set(a.auth)).body).toEqual({ isMember: true, members: 1 });
    expect((await server.api.post(`/api/my/brands/${brandId}/membership`).set(b.auth)).body).toEqual({ isMember: true, members: 2 });
    const hubA: BrandHub = (await server.api.get(`/api/my/brands/${brandId}`).set(a.auth)).body;
    expect(hubA).toMatchObject({ isMember: true, members: 2 });
    expect((await server.api.delete(`/api/my/brands/${brandId}/membership`).set(a.auth)).body).toEqual({ isMember: false, members: 1 });
    expect((await server.api.delete(`/api/my/brands/${brandId}/membership`).set(a.auth)).body).toEqual({ isMember: false, members: 1 });
    expect((await server.api.get(`/api/my/brands/${brandId}`).set(a.auth)).body.isMember).toBe(false);
  });

  it('counts 20 parallel joins of one user as one member', async () => {
    const brandId = await newBrand();
    const user = await createTestUser(server.api);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => server.api.post(`/api/my/brands/${brandId}/membership`).set(user.auth)),
    );
    expect(results.every((r) => r.status === 200 && r.body.isMember === true)).toBe(true);
    const hub: BrandHub = (await server.api.get(`/api/my/brands/${brandId}`).set(user.auth)).body;
    expect(hub.members).toBe(1);
  });

  it('follow and unfollow toggle isFollowing without touching membership', async () => {
    const brandId = await newBrand();
    const user = await createTestUser(server.api);
    expect((await server.api.post(`/api/my/brands/${brandId}/follow`).set(user.auth)).body).toEqual({ isFollowing: true });
    expect((await server.api.post(`/api/my/brands/${brandId}/follow`).set(user.auth)).body).toEqual({ isFollowing: true });
    expect((await server.api.get(`/api/my/brands/${brandId}`).set(user.auth)).body).toMatchObject({
      isFollowing: true,
      isMember: false,
      members: 0,
    });
    expect((await server.api.delete(`/api/my/brands/${brandId}/follow`).set(user.auth)).body).toEqual({ isFollowing: false });
    expect((await server.api.get(`/api/my/brands/${brandId}`).set(user.auth)).body.isFollowing).toBe(false);
  });

  it('brandMemberIds names exactly the members', async () => {
    const brandId = await newBrand();
    const users = await Promise.all([createTestUser(server.api), createTestUser(server.api), createTestUser(server.api)]);
    await server.api.post(`/api/my/brands/${brandId}/membership`).set(users[0].auth).expect(200);
    await server.api.post(`/api/my/brands/${brandId}/membership`).set(users[2].auth).expect(200);
    await server.api.post(`/api/my/brands/${brandId}/follow`).set(users[1].auth).expect(200);
    const ids = await brandMemberIds(brandId);
    expect(ids).toHaveLength(2);
    const me = async (auth: { Authorization: string }) => (await server.deps.tokens.verify(auth.Authorization.slice(7)))!;
    expect(ids.sort()).toEqual([await me(users[0].auth), await me(users[2].auth)].sort());
  });
});
