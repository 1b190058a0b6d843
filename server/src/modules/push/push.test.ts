import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { startPushEndpoint, type PushEndpoint } from '../../../test/push-endpoint.js';
import { Brand } from '../brands/brand.model.js';
import { Award } from '../progression/award.model.js';
import { grantAward, grantXp } from '../progression/progression.service.js';
import { publishQuest } from '../quests/quests.service.js';
import { PUSH_TTL_SECONDS, pushDeliveriesSettled } from './push-delivery.js';
import { PushSubscriptionRecord } from './push-subscription.model.js';

let server: TestServer;
let pushService: PushEndpoint;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer(), startPushEndpoint()]);
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const uid = async (user: TestUser) => (await server.deps.tokens.verify(user.token))!;
const pushesTo = (endpoint: string) => pushService.received.filter((p) => p.endpoint === endpoint);

describe('GET /api/push/vapidPublicKey', () => {
  it('answers the server VAPID public key without a token', async () => {
    const res = await server.api.get('/api/push/vapidPublicKey').expect(200);
    expect(res.body).toEqual({ publicKey: server.deps.secrets.vapidPublicKey });
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('POST /api/push/register', () => {
  it('stores a subscription once per endpoint: 201, then 200 with the new keys', async () => {
    const user = await createTestUser(server.api);
    const sub = pushService.subscribe();
    const first = await server.api.post('/api/push/register').set(user.auth).send(sub);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ endpoint: sub.endpoint });
    const renewed = { ...sub, keys: pushService.subscribe().keys };
    expect((await server.api.post('/api/push/register').set(user.auth).send(renewed)).status).toBe(200);
    const rows = await PushSubscriptionRecord.find({ endpoint: sub.endpoint }).lean();
    expect(rows).toHaveLength(1);
    expect(rows[0].keys).toEqual(renewed.keys);
  });

  it('moves a browser to whoever registered it last', async () => {
    const [a, b] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    const sub = pushService.subscribe();
    await server.api.post('/api/push/register').set(a.auth).send(sub).expect(201);
    await server.api.post('/api/push/register').set(b.auth).send(sub).expect(201);
    const rows = await PushSubscriptionRecord.find({ endpoint: sub.endpoint }).lean();
    expect(rows.map((r) => String(r.userId))).toEqual([await uid(b)]);
  });

  it('answers 401 without a token', async () => {
    expect((await server.api.post('/api/push/register').send(pushService.subscribe())).status).toBe(401);
  });

  it.each([
    ['no endpoint', { keys: { p256dh: 'x', auth: 'y' } }, 'endpoint'],
    ['a non-URL endpoint', { endpoint: 'nope', keys: { p256dh: 'x', auth: 'y' } }, 'endpoint'],
    ['a non-http endpoint', { endpoint: 'ftp://push.example/1', keys: { p256dh: 'x', auth: 'y' } }, 'endpoint'],
    ['no keys', { endpoint: 'https://push.example/1' }, 'keys'],
    ['an unknown field', { endpoint: 'https://push.example/1', keys: { p256dh: 'x', auth: 'y' }, extra: true }, ''],
    [
      'a p256dh that is no P-256 key',
      { endpoint: 'https://push.example/1', keys: { p256dh: 'AAAA', auth: randomBytes(16).toString('base64url') } },
      'keys.p256dh',
    ],
  ])('refuses %s with a 400', async (_what, body, field) => {
    const user = await createTestUser(server.api);
    const res = await server.api.post('/api/push/register').set(user.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(field);
  });
});

describe('web push delivery', () => {
  it('sends each new notice, encrypted and VAPID-signed, to every browser of the user', async () => {
    const user = await createTestUser(server.api);
    const [phone, laptop] = [pushService.subscribe(), pushService.subscribe()];
    for (const sub of [phone, laptop]) await server.api.post('/api/push/register').set(user.auth).send(sub).expect(201);

    await grantXp(await uid(user), 20, 'quest-task');
    await pushDeliveriesSettled();
    for (const sub of [phone, laptop]) {
      const [push, ...more] = pushesTo(sub.endpoint);
      expect(more).toEqual([]);
      expect(push.payload).toEqual({ title: '+20 XP', message: 'Quest task completed', url: '/notice' });
      expect(push.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push.urgency).toBe('normal');
      expect(push.vapid.aud).toBe(pushService.origin);
      expect(push.vapid.sub).toBe('mailto:admin@tapquest.local');
      expect(push.vapidKey).toBe(server.deps.secrets.vapidPublicKey);
    }
    expect(pushService.refused).toEqual([]);
  });

  it('opens the profile for an award and the brand hub for a new quest', async () => {
    const user = await createTestUser(server.api);
    const sub = pushService.subscribe();
    await server.api.post('/api/push/register').set(user.auth).send(sub).expect(201);

    const awardId = `push-badge-${randomBytes(3).toString('hex')}`;
    await Award.create({ _id: awardId, kind: 'badge', name: 'Trailblazer', image: '/trailblazer.png' });
    await grantAward(await uid(user), awardId);

    const brandId = `push${randomBytes(3).toString('hex')}`;
    await Brand.create({ _id: brandId, name: 'Northwind', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
    await server.api.post(`/api/my/brands/${brandId}/membership`).set(user.auth).expect(200);
    await publishQuest({
      brandId,
      title: 'Night Run',
      bannerImage: '/n.webp',
      startTime: new Date(),
      tasks: [{ label: 'Check in', kind: 'checkin' }],
    });

    await pushDeliveriesSettled();
    const pushes = pushesTo(sub.endpoint);
    expect(pushes.map((p) => p.payload)).toEqual([
      { title: 'New badge unlocked: Trailblazer', message: 'Show it off in one of your three badge slots.', url: '/profile' },
      {
        title: 'New quest from Northwind: Night Run',
        message: 'Open the brand hub to see its tasks and rewards.',
        url: `/brandhub/${brandId}`,
      },
    ]);
    expect(pushes.map((p) => p.urgency)).toEqual(['normal', 'high']);
  });

  it('forgets a subscription the push service says is gone (410, 404) and keeps the notice', async () => {
    const user = await createTestUser(server.api);
    const [gone, missing, alive] = [pushService.subscribe(410), pushService.subscribe(404), pushService.subscribe()];
    for (const sub of [gone, missing, alive]) await server.api.post('/api/push/register').set(user.auth).send(sub).expect(201);

    await grantXp(await uid(user), 5, 'quest-task');
    await pushDeliveriesSettled();
    expect(pushesTo(gone.endpoint)).toHaveLength(1); // it was tried, and answered 410
    expect(pushesTo(missing.endpoint)).toHaveLength(1);
    const left = await PushSubscriptionRecord.find({ userId: await uid(user) }).lean();
    expect(left.map((s) => s.endpoint)).toEqual([alive.endpoint]);
    const notices = (await server.api.get('/api/my/notices').set(user.auth).expect(200)).body;
    expect(notices.map((n: { title: string }) => n.title)).toEqual(['+5 XP']);

    await grantXp(await uid(user), 6, 'quest-task');
    await pushDeliveriesSettled();
    expect(pushesTo(gone.endpoint)).toHaveLength(1);
    expect(pushesTo(alive.endpoint)).toHaveLength(2);
  });

  it('never holds up the notice when the push service is unreachable', async () => {
    const user = await createTestUser(server.api);
    const dead = { ...pushService.subscribe(), endpoint: 'http://127.0.0.1:9/push/nobody-listens' };
    await server.api.post('/api/push/register').set(user.auth).send(dead).expect(201);
    await grantXp(await uid(user), 7, 'quest-task');
    expect((await server.api.get('/api/my/notices').set(user.auth)).body).toHaveLength(1);
    await pushDeliveriesSettled();
    expect(await PushSubscriptionRecord.countDocuments({ endpoint: dead.endpoint })).toBe(1);
  });
});
