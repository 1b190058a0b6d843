import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_COOKIE_PREFIX, type Quest, type ScanEventView } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { Brand } from '../brands/brand.model.js';
import { TaskProgress } from '../quests/quest.model.js';
import { publishQuest } from '../quests/quests.service.js';
import { createGearModel, mintGearItems } from './gear.service.js';
import { ScanEvent } from './scan-event.model.js';
import { TAP_LIMIT } from './scan-events.routes.js';

const PUBLIC_URL = 'https://api.tapquest.test';
const CLIENT_URL = 'https://app.tapquest.test';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, CLIENT_URL });
});
afterAll(() => server?.close());

const shortId = () => randomBytes(4).toString('hex');

/** A brand, a gear model with minted items, and an active quest whose task is to tap that gear 3 times. */
async function tapQuest() {
  const brandId = `s${shortId()}`;
  await Brand.create({ _id: brandId, name: 'Tap Brand', banner: '/b.webp', profilePicture: '/l.png', logoSmall: '/ls.png' });
  const modelId = `band-${shortId()}`;
  await createGearModel({ id: modelId, brandId, name: 'Tap Band', image: '/band.webp', edition: { type: 'Open', run: 10 } });
  const tokens = (await mintGearItems(modelId, 10)).map((i) => i.deviceToken);
  const quest = await publishQuest({
    brandId,
    title: 'Tap three times',
    bannerImage: '/q.webp',
    startTime: new Date(Date.now() - 3_600_000),
    endTime: new Date(Date.now() + 86_400_000),
    tasks: [{ label: 'Tap the band 3 times', kind: 'tap', target: 3, xp: 5 }],
    eligibleModelIds: [modelId],
  });
  return { brandId, modelId, tokens, questId: quest._id };
}

async function tap(token: string, headers: Record<string, string> = {}) {
  const res = await server.api.get(`/api/tap/${token}`).set(headers).redirects(0);
  expect(res.status).toBe(302);
  return new URL(res.headers.location);
}

const tapsOf = async (user: TestUser, questId: string) =>
  ((await server.api.get(`/api/my/quests/${questId}`).set(user.auth)).body as Quest).taps;

describe('GET /api/tap/:deviceToken', () => {
  it('records the scan and redirects to the client with device-domain, device-token and event_id', async () => {
    const { tokens, modelId } = await tapQuest();
    const anon = randomUUID();
    const location = await tap(tokens[0], { Cookie: `other=1; ${EVENT_COOKIE_PREFIX}uuid=${anon}`, 'cf-ipcountry': 'de' });
    expect(`${location.origin}${location.pathname}`).toBe(`${CLIENT_URL}/profile`);
    expect(location.searchParams.get('device-domain')).toBe('api.tapquest.test');
    expect(location.searchParams.get('device-token')).toBe(tokens[0]);
    const eventId = location.searchParams.get('event_id')!;
    expect(eventId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const event = await ScanEvent.findById(eventId).lean();
    expect(event).toMatchObject({ modelId, anonId: anon, country: 'DE', userId: null });
    expect(Date.now() - event!.at.getTime()).toBeLessThan(60_000);
  });

  it('ties the scan to the user when a valid bearer comes along, and ignores junk cookies and countries', async () => {
    const { tokens } = await tapQuest();
    const user = await createTestUser(server.api);
    const location = await tap(tokens[1], { ...user.auth, Cookie: `${EVENT_COOKIE_PREFIX}uuid=<script>`, 'x-country-code': 'XX' });
    const event = await ScanEvent.findById(location.searchParams.get('event_id')).lean();
    expect(event).toMatchObject({ anonId: null, country: null });
    expect(event?.userId).not.toBeNull();
  });

  it.each([
    ['unknown', 'this-token-does-not-exist-anywhere'],
    ['malformed', 'bad%20token%3Cscript%3E'],
    ['too short', 'abc'],
  ])('sends an %s token to the client login page with a readable message', async (_label, token) => {
    const before = await ScanEvent.countDocuments();
    const location = await tap(token);
    expect(`${location.origin}${location.pathname}`).toBe(`${CLIENT_URL}/login`);
    expect(location.searchParams.get('error')).toBe('This gear tag is not recognised');
    expect(await ScanEvent.countDocuments()).toBe(before);
  });
});

describe('PATCH /api/events/:id (the event upgrade)', () => {
  it('attaches the anonymous id with 204 and no body, once', async () => {
    const { tokens } = await tapQuest();
    const eventId = (await tap(tokens[0])).searchParams.get('event_id')!;
    const uuid = randomUUID();
    const res = await server.api.patch(`/api/events/${eventId}`).send({ uuid });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-length'] ?? '0').toBe('0');
    await server.api.patch(`/api/events/${eventId}`).send({ uuid: randomUUID() }).expect(204);
    expect((await ScanEvent.findById(eventId).lean())?.anonId).toBe(uuid);
    await server.api.patch(`/api/events/${eventId}`).expect(204);
  });

  it('attaches the signed-in user and answers the event view, idempotently, counting the tap once', async () => {
    const { tokens, questId } = await tapQuest();
    const user = await createTestUser(server.api);
    const eventId = (await tap(tokens[3])).searchParams.get('event_id')!;
    const first = await server.api.patch(`/api/events/${eventId}`).set(user.auth).send({ uuid: randomUUID() });
    expect(first.status).toBe(200);
    const view: ScanEventView = first.body;
    expect(view).toMatchObject({
      id: eventId,
      gear: { name: 'Tap Band', image: '/band.webp', organization: { name: 'Tap Brand' } },
      claimable: true,
      claimedByYou: false,
    });
    expect(JSON.stringify(view)).not.toContain(tokens[3]);
    expect(await tapsOf(user, questId)).toBe(1);

    const again = await server.api.patch(`/api/events/${eventId}`).set(user.auth).send({});
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(eventId);
    expect(await tapsOf(user, questId)).toBe(1);

    await server.api.post('/api/device/claim').set(user.auth).send({ deviceToken: tokens[3] }).expect(200);
    const claimed = await server.api.patch(`/api/events/${eventId}`).set(user.auth);
    expect(claimed.body).toMatchObject({ claimable: false, claimedByYou: true });
  });

  it("changes nothing and tells nothing when another user tries to take someone's tap", async () => {
    const { tokens, questId } = await tapQuest();
    const first = await createTestUser(server.api);
    const second = await createTestUser(server.api);
    const eventId = (await tap(tokens[4])).searchParams.get('event_id')!;
    await server.api.patch(`/api/events/${eventId}`).set(first.auth).expect(200);
    const res = await server.api.patch(`/api/events/${eventId}`).set(second.auth).send({ uuid: randomUUID() });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await tapsOf(second, questId)).toBe(0);
    expect(await tapsOf(first, questId)).toBe(1);
    expect((await server.api.patch(`/api/events/${eventId}`).set(first.auth)).status).toBe(200);
  });

  it('lets exactly one of several users racing for one tap have it', async () => {
    const { tokens, questId } = await tapQuest();
    const users = await Promise.all(Array.from({ length: 5 }, () => createTestUser(server.api)));
    const eventId = (await tap(tokens[5])).searchParams.get('event_id')!;
    const results = await Promise.all(users.map((u) => server.api.patch(`/api/events/${eventId}`).set(u.auth)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 204, 204, 204, 204]);
    const taps = await Promise.all(users.map((u) => tapsOf(u, questId)));
    expect(taps.sort()).toEqual([0, 0, 0, 0, 1]);
  });

  it('answers 404 for unknown and malformed ids and 400 for a bad uuid', async () => {
    const unknown = await server.api.patch(`/api/events/${randomBytes(16).toString('base64url')}`).send({});
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages[0].message).toBe('Event not found');
    expect((await server.api.patch('/api/events/not-an-event').send({})).status).toBe(404);
    expect((await server.api.patch(`/api/events/${'6'.repeat(24)}`).send({})).status).toBe(404);
    const { tokens } = await tapQuest();
    const eventId = (await tap(tokens[0])).searchParams.get('event_id')!;
    const bad = await server.api.patch(`/api/events/${eventId}`).send({ uuid: 'bad uuid!' });
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0].message).toMatch(/uuid/);
    expect((await ScanEvent.findById(eventId).lean())?.anonId).toBeNull();
  });
});

describe('taps and quests', () => {
  it('counts a replayed tap URL once per window, then again after the window', async () => {
    const { tokens, questId } = await tapQuest();
    const user = await createTestUser(server.api);
    for (let i = 0; i < 5; i++) await tap(tokens[6], user.auth);
    expect(await tapsOf(user, questId)).toBe(1);
    // Ten minutes later, as far as the quest can tell.
    await TaskProgress.updateMany({ questId }, { $set: { lastCountedAt: new Date(Date.now() - 11 * 60_000) } });
    await tap(tokens[6], user.auth);
    await tap(tokens[6], user.auth);
    expect(await tapsOf(user, questId)).toBe(2);
  });

  it('gives a claimer the taps their browser made before signing in (the event cookie on the claim)', async () => {
    const { tokens, questId } = await tapQuest();
    const anon = randomUUID();
    await tap(tokens[7], { Cookie: `${EVENT_COOKIE_PREFIX}uuid=${anon}` });
    const user = await createTestUser(server.api);
    expect(await tapsOf(user, questId)).toBe(0);
    await server.api
      .post('/api/device/claim')
      .set(user.auth)
      .set('Cookie', `${EVENT_COOKIE_PREFIX}uuid=${anon}`)
      .send({ deviceToken: tokens[7] })
      .expect(200);
    expect(await tapsOf(user, questId)).toBe(1);
    // A second claimer with the same cookie finds nothing left to take.
    const other = await createTestUser(server.api);
    await server.api
      .post('/api/device/claim')
      .set(other.auth)
      .set('Cookie', `${EVENT_COOKIE_PREFIX}uuid=${anon}`)
      .send({ deviceToken: tokens[8] })
      .expect(200);
    expect(await tapsOf(other, questId)).toBe(0);
  });
});

// Last in the file: it uses up this server's tap allowance for 127.0.0.1.
describe('tap rate limit', () => {
  it(`redirects with a message once an address goes over ${TAP_LIMIT} taps a minute`, async () => {
    const { tokens } = await tapQuest();
    const locations = await Promise.all(Array.from({ length: TAP_LIMIT + 5 }, () => tap(tokens[9])));
    const refused = locations.filter((l) => l.pathname === '/login');
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0].searchParams.get('error')).toBe('Too many taps, please wait a minute and try again');
  });
});
