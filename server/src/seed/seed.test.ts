import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandCard, BrandHub, Device, Quest } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer } from '../../test/harness.js';
import { User } from '../modules/accounts/user.model.js';
import { Brand } from '../modules/brands/brand.model.js';
import { Post } from '../modules/brands/post.model.js';
import { GearItem, GearModel } from '../modules/gear/gear.model.js';
import { Award } from '../modules/progression/award.model.js';
import { Quest as QuestModel } from '../modules/quests/quest.model.js';
import { DEMO_PASSWORD, seedDemoData, seedIfEmpty } from './seed.js';
import { SEED_ASSETS_DIR } from './seed-assets.routes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const logIn = async (email: string) => {
  const res = await server.api.post('/api/user/login').send({ email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return { Authorization: `Bearer ${res.body.token}` };
};

/** Every document of every collection, in a stable order: what "changes nothing" is measured against. */
async function snapshot(): Promise<string> {
  const db = mongoose.connection.db!;
  const out: Record<string, unknown[]> = {};
  for (const c of (await db.collections()).sort((a, b) => a.collectionName.localeCompare(b.collectionName))) {
    out[c.collectionName] = await c.find({}).sort({ _id: 1 }).toArray();
  }
  return JSON.stringify(out);
}

describe('seedIfEmpty', () => {
  it('leaves a database that already has accounts alone', async () => {
    await createTestUser(server.api);
    await seedIfEmpty(server.deps);
    expect(await Brand.countDocuments()).toBe(0);
    await User.deleteMany({});
  });

  it('seeds an empty database; running the seed again changes nothing', async () => {
    await seedIfEmpty(server.deps);
    expect(await Brand.countDocuments()).toBeGreaterThanOrEqual(3);
    const first = await snapshot();
    await seedDemoData(server.deps);
    await seedIfEmpty(server.deps);
    expect(await snapshot()).toBe(first);
  });
});

describe('the demo data', () => {
  it('has the demo accounts, with the demo user owning gear and awards', async () => {
    await logIn('admin@tapquest.dev');
    expect((await User.findOne({ email: 'admin@tapquest.dev' }).lean())?.role).toBe('admin');
    await logIn('rider@tapquest.dev');
    const demo = await logIn('demo@tapquest.dev');
    const devices: Device[] = (await server.api.get('/api/devices/demo_tapper')).body;
    expect(devices.length).toBeGreaterThanOrEqual(2);
    const mine = (await server.api.get('/api/my/assets').set(demo)).body as { type: string }[];
    expect(mine.filter((a) => a.type === 'flair').length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((a) => a.type === 'badge').length).toBeGreaterThanOrEqual(2);
  });

  it('has at least 3 brands, brand 1 first, each with posts; links sit inside paragraphs and some posts have images', async () => {
    const demo = await logIn('demo@tapquest.dev');
    const brands: BrandCard[] = (await server.api.get('/api/my/brands/pwa').set(demo)).body;
    expect(brands.length).toBeGreaterThanOrEqual(3);
    expect(brands[0].id).toBe('1');
    for (const brand of brands) {
      const hub: BrandHub = (await server.api.get(`/api/my/brands/${brand.id}`).set(demo)).body;
      expect(hub.posts.length).toBeGreaterThan(0);
      expect(hub.gear.length).toBeGreaterThan(0);
    }
    const posts = await Post.find({}).lean();
    expect(posts.every((p) => /\S https:\/\/\S+/.test(p.content))).toBe(true);
    expect(posts.some((p) => p.image)).toBe(true);
  });

  it('has 6 quests that are upcoming, active and completed for the demo user', async () => {
    const demo = await logIn('demo@tapquest.dev');
    const quests: Quest[] = (await server.api.get('/api/my/quests').set(demo)).body;
    expect(quests).toHaveLength(6);
    const byStatus = (s: string) => quests.filter((q) => q.status === s).length;
    expect([byStatus('upcoming'), byStatus('active'), byStatus('completed')]).toEqual([2, 2, 2]);
    const inPerson = quests.find((q) => q.id === 'sunrise-meetup');
    expect(inPerson?.location).toBe('Boulder, CO');
  });

  it('has at least 12 flairs and 12 badges in the catalogue', async () => {
    expect(await Award.countDocuments({ kind: 'flair' })).toBeGreaterThanOrEqual(12);
    expect(await Award.countDocuments({ kind: 'badge' })).toBeGreaterThanOrEqual(12);
  });

  it('has numbered gear with the known demo tap tokens, which redirect to the app', async () => {
    for (const model of await GearModel.find({}).lean()) {
      const first = await GearItem.findOne({ modelId: model._id, serial: 1 }).lean();
      expect(first?.deviceToken).toBe(`demo-${model._id}-001`);
      expect(await GearItem.countDocuments({ modelId: model._id })).toBe(model.edition.run);
    }
    const res = await server.api.get('/api/tap/demo-tq-hoodie-001').redirects(0);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location).searchParams.get('device-token')).toBe('demo-tq-hoodie-001');
  });

  it('points every image at a seed asset the server serves with a long cache', async () => {
    const urls = new Set<string>();
    for (const b of await Brand.find({}).lean()) [b.banner, b.profilePicture, b.logoSmall].forEach((u) => urls.add(u));
    for (const m of await GearModel.find({}).lean()) urls.add(m.image);
    for (const a of await Award.find({}).lean()) urls.add(a.image);
    for (const q of await QuestModel.find({}).lean()) {
      urls.add(q.bannerImage);
      q.rewards.forEach((r) => r.image && urls.add(r.image));
    }
    for (const p of await Post.find({}).lean()) [p.image, p.author.picture].forEach((u) => u && urls.add(u));
    for (const u of await User.find({}).lean()) [u.profilePicture, u.banner].forEach((x) => x && urls.add(x));
    expect(urls.size).toBeGreaterThan(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/api\/seed-assets\/[a-z0-9-]+\.[0-9a-f]{10}\.(png|webp)$/);
      const res = await server.api.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(png|webp)$/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await server.api.get('/api/seed-assets/missing.png')).status).toBe(404);
  });

  it('keeps the committed images small', () => {
    const total = readdirSync(SEED_ASSETS_DIR).reduce((sum, f) => sum + statSync(path.join(SEED_ASSETS_DIR, f)).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});
