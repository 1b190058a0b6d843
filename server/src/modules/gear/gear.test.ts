import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, BrandCard, Device } from '@tapquest/shared';
import { createTestUser, startTestServer, uniqueEmail, type TestServer } from '../../../test/harness.js';
import { User } from '../accounts/user.model.js';
import { Brand } from '../brands/brand.model.js';
import { Award } from '../progression/award.model.js';
import { GearItem } from './gear.model.js';
import { createGearModel, mintGearItems, resetGearForUser } from './gear.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await Award.create([
    { _id: 'gear-test-badge', kind: 'badge', name: 'Gear Test Badge', image: '/b.png', description: 'For testing claims' },
    { _id: 'gear-test-flair', kind: 'flair', name: 'Gear Test Flair', image: '/f.png' },
  ]);
});
afterAll(() => server?.close());

const shortId = () => randomBytes(4).toString('hex');

/** A brand with one gear model of `run` items, all minted; answers their device tokens. */
async function gear(opts: { run?: number; claimXp?: number; awards?: string[] } = {}) {
  const brandId = `g${shortId()}`;
  await Brand.create({
    _id: brandId,
    name: `Brand ${brandId}`,
    banner: '/banner.webp',
    profilePicture: '/logo.png',
    logoSmall: '/logo-small.png',
  });
  const modelId = `model-${shortId()}`;
  await createGearModel({
    id: modelId,
    brandId,
    name: 'Test Hoodie',
    description: 'A hoodie for tests',
    image: '/hoodie.webp',
    edition: { type: 'Limited', run: opts.run ?? 5 },
    claimXp: opts.claimXp ?? 0,
    claimAwardIds: opts.awards ?? [],
  });
  const items = await mintGearItems(modelId, opts.run ?? 5);
  return { brandId, modelId, tokens: items.map((i) => i.deviceToken) };
}

/** Many accounts at once without paying for password hashing: the races below need a crowd. */
async function crowd(n: number) {
  const users = await User.insertMany(Array.from({ length: n }, () => ({ email: uniqueEmail('crowd') })));
  return Promise.all(
    users.map(async (u) => ({ id: String(u._id), auth: { Authorization: `Bearer ${await server.deps.tokens.sign(String(u._id))}` } })),
  );
}

describe('POST /api/device/claim', () => {
  it('claims the item: answers the device, joins the brand, counts the interface, grants XP and awards', async () => {
    const { brandId, tokens } = await gear({ claimXp: 60, awards: ['gear-test-badge', 'gear-test-flair'] });
    const user = await createTestUser(server.api);
    const res = await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[2] });
    expect(res.status).toBe(200);
    const device: Device = res.body.device;
    expect(device).toMatchObject({
      name: 'Test Hoodie',
      image: '/hoodie.webp',
      edition: { type: 'Limited', claimed: 3, run: 5 },
      organization: { name: `Brand ${brandId}`, brand_logo_small: '/logo-small.png' },
      brandId,
    });
    expect(new Date(device.claimedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.body)).not.toContain(tokens[2]);

    const brands: BrandCard[] = (await server.api.get('/api/my/brands/pwa').set(user.auth)).body;
    expect(brands.find((b) => b.id === brandId)?.isMember).toBe(true);
    const stored = await User.findOne({ email: user.email }).lean();
    expect(stored).toMatchObject({ interfaceCount: 1, xp: 60 });
    const assets: Asset[] = (await server.api.get('/api/my/assets').set(user.auth)).body;
    expect(assets.map((a) => `${a.type}:${a.name}`)).toEqual(['gear:Test Hoodie', 'flair:Gear Test Flair', 'badge:Gear Test Badge']);
  });

  it('answers 409 with a message when the item is already claimed, by someone else or by the caller, and changes nothing', async () => {
    const { tokens } = await gear({ claimXp: 10 });
    const owner = await createTestUser(server.api);
    const other = await createTestUser(server.api);
    await server.api.post('/api/device/claim').set(owner.auth).send({ deviceToken: tokens[0] }).expect(200);
    for (const who of [other, owner]) {
      const res = await server.api.post('/api/device/claim').set(who.auth).send({ deviceToken: tokens[0] });
      expect(res.status).toBe(409);
      expect(res.body.messages[0].message).toBe('This gear has already been claimed');
    }
    expect(await User.findOne({ email: owner.email }).lean()).toMatchObject({ interfaceCount: 1, xp: 10 });
    expect(await User.findOne({ email: other.email }).lean()).toMatchObject({ interfaceCount: 0, xp: 0 });
  });

  it('answers 404 for an unknown token, 400 for a bad body and 401 without a token', async () => {
    const user = await createTestUser(server.api);
    const unknown = await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: 'no-such-token-anywhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages[0].message).toBe('This gear tag is not recognised');
    for (const body of [
      {},
      { deviceToken: '' },
      { deviceToken: { $ne: null } },
      { deviceToken: 'x'.repeat(129) },
      { deviceToken: 'abc', extra: 1 },
    ]) {
      const res = await server.api.post('/api/device/claim').set(user.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.messages[0].message).toBeTruthy();
    }
    const { tokens } = await gear();
    expect((await server.api.post('/api/device/claim').send({ deviceToken: tokens[0] })).status).toBe(401);
    expect((await GearItem.findOne({ deviceToken: tokens[0] }).lean())?.claimedBy).toBeNull();
  });

  it('lets exactly one of 100 concurrent claims of one item win, and pays only the winner', async () => {
    const { brandId, tokens } = await gear({ claimXp: 25, awards: ['gear-test-badge'] });
    const users = await crowd(100);
    const results = await Promise.all(users.map((u) => server.api.post('/api/device/claim').set(u.auth).send({ deviceToken: tokens[0] })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const winner = users[statuses.indexOf(200)];
    expect(String((await GearItem.findOne({ deviceToken: tokens[0] }).lean())?.claimedBy)).toBe(winner.id);
    const crowdDocs = await User.find({ _id: { $in: users.map((u) => u.id) } }).lean();
    expect(crowdDocs.reduce((sum, u) => sum + u.interfaceCount, 0)).toBe(1);
    expect(crowdDocs.reduce((sum, u) => sum + u.xp, 0)).toBe(25);
    const hub = await server.api.get(`/api/my/brands/${brandId}`).set(winner.auth);
    expect(hub.body.members).toBe(1);
  });

  it('keeps one brand membership however many items of the brand the user claims', async () => {
    const { brandId, tokens } = await gear();
    const user = await createTestUser(server.api);
    for (const token of tokens.slice(0, 3))
      await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: token }).expect(200);
    const hub = await server.api.get(`/api/my/brands/${brandId}`).set(user.auth);
    expect(hub.body).toMatchObject({ members: 1, isMember: true, gearAvailable: 2 });
    expect((await User.findOne({ email: user.email }).lean())?.interfaceCount).toBe(3);
  });
});

describe('device lists', () => {
  it('lists my devices newest first and the same list publicly by username, without auth', async () => {
    const { tokens } = await gear();
    const user = await createTestUser(server.api);
    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[0] }).expect(200);
    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[4] }).expect(200);
    const mine = await server.api.get('/api/my/devices').set(user.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.map((d: Device) => d.edition.claimed)).toEqual([5, 1]);
    const pub = await server.api.get(`/api/devices/${user.username!.toUpperCase()}`);
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual(mine.body);
    for (const token of tokens) expect(JSON.stringify(pub.body)).not.toContain(token);
  });

  it('answers an empty list for a user without gear, 404 for an unknown username and 401 for /my without a token', async () => {
    const user = await createTestUser(server.api);
    expect((await server.api.get('/api/my/devices').set(user.auth)).body).toEqual([]);
    expect((await server.api.get(`/api/devices/${user.username}`)).body).toEqual([]);
    const unknown = await server.api.get('/api/devices/nobody_by_this_name');
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages[0].message).toBe('User not found');
    expect((await server.api.get('/api/my/devices')).status).toBe(401);
    expect((await server.api.get('/api/my/assets')).status).toBe(401);
  });

  it('describes owned gear as an asset with issuer, edition and acquisition date', async () => {
    const { brandId, tokens } = await gear();
    const user = await createTestUser(server.api);
    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[1] }).expect(200);
    const [asset]: Asset[] = (await server.api.get('/api/my/assets').set(user.auth)).body;
    expect(asset).toMatchObject({
      type: 'gear',
      name: 'Test Hoodie',
      src: '/hoodie.webp',
      description: 'A hoodie for tests',
      issuer: `Brand ${brandId}`,
      edition: 'Limited #2 of 5',
    });
    expect(asset.acquisitionDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('minting', () => {
  it('gives every item a distinct random token of 32 characters and refuses to mint beyond the run', async () => {
    const { modelId, tokens } = await gear({ run: 5 });
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await expect(mintGearItems(modelId, 1)).rejects.toThrow(/run of 5/);
  });
});

describe('resetGearForUser (the admin reset)', () => {
  it("frees the user's items for others to claim and keeps the brand membership", async () => {
    const { brandId, tokens } = await gear();
    const [user, other] = await crowd(2);
    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[0] }).expect(200);
    await resetGearForUser(user.id);
    expect((await server.api.get('/api/my/devices').set(user.auth)).body).toEqual([]);
    expect((await User.findById(user.id).lean())?.interfaceCount).toBe(0);
    expect((await server.api.get(`/api/my/brands/${brandId}`).set(user.auth)).body).toMatchObject({ isMember: true, gearAvailable: 5 });
    await server.api.post('/api/device/claim').set(other.auth).send({ deviceToken: tokens[0] }).expect(200);
  });
});
