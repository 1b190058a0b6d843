import { createECDH, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { Brand } from '../../src/modules/brands/brand.model.js';
import { createGearModel, mintGearItems } from '../../src/modules/gear/gear.service.js';
import { Award } from '../../src/modules/progression/award.model.js';
import { grantAward } from '../../src/modules/progression/progression.service.js';
import { publishQuest } from '../../src/modules/quests/quests.service.js';
import { createTestUser, startTestServer, uniqueEmail, type TestServer, type TestUser } from '../harness.js';

// The data the security suite runs against: a brand with gear and a quest, and three people.
// A owns things (a claimed device, a tap, memberships); B is the other user who must not reach
// them; admin is in ADMIN_EMAILS. Built through the API where a client would, and through the
// services for what only the seed or an admin makes (brands, gear, quests).

export interface Actor extends TestUser {
  id: string;
  username: string;
  /** Strings that identify this user or their things: none may appear in another user's answers. */
  private: string[];
}

export interface Owner extends Actor {
  /** The device token of an item A has claimed. */
  claimedToken: string;
  claimedItemId: string;
  /** A tap (scan event) that belongs to A. */
  eventId: string;
  /** A's notice (from being given a badge). */
  noticeId: string;
  badgeId: string;
  flairId: string;
  pushEndpoint: string;
}

export interface World {
  server: TestServer;
  brandId: string;
  modelId: string;
  questId: string;
  a: Owner;
  b: Actor;
  admin: Actor;
  /** The token of an item nobody has claimed yet (a new one each call). */
  freshDeviceToken(): string;
  /** The id of a fresh anonymous tap (a new one each call). */
  freshEventId(): Promise<string>;
}

/** A small real PNG, as a phone would upload. */
export const samplePng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A browser's push subscription: a real P-256 key, and an endpoint where nothing listens. */
export function pushSubscription() {
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const ADMIN_EMAIL = 'qa-admin@example.com';
const short = () => randomBytes(3).toString('hex');

async function actor(server: TestServer, opts: { email?: string } = {}): Promise<Actor> {
  const user = await createTestUser(server.api, { email: opts.email ?? uniqueEmail('qa') });
  const id = decodeJwt(user.token).sub!;
  return { ...user, id, username: user.username!, private: [id, user.email] };
}

export async function tapEventId(server: TestServer, deviceToken: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await server.api.get(`/api/tap/${deviceToken}`).set(headers).redirects(0);
  const eventId = res.status === 302 ? new URL(res.headers.location).searchParams.get('event_id') : null;
  if (!eventId) throw new Error(`tap failed: ${res.status} ${res.headers.location}`);
  return eventId;
}

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL, ...env });
  const brandId = `qa${short()}`;
  await Brand.create({ _id: brandId, name: 'QA Brand', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
  const modelId = `qa-band-${short()}`;
  await createGearModel({ id: modelId, brandId, name: 'QA Band', image: '/band.webp', edition: { type: 'Open', run: 100 } });
  const tokens = (await mintGearItems(modelId, 60)).map((i) => i.deviceToken);
  const quest = await publishQuest({
    brandId,
    title: 'QA quest',
    bannerImage: '/q.webp',
    startTime: new Date(Date.now() - 3_600_000),
    endTime: new Date(Date.now() + 86_400_000),
    tasks: [{ label: 'Tap twice', kind: 'tap', target: 2, xp: 5 }],
    eligibleModelIds: [modelId],
  });
  const freshDeviceToken = () => {
    const token = tokens.pop();
    if (!token) throw new Error('the QA gear run is used up');
    return token;
  };

  const [base, b, admin] = await Promise.all([actor(server), actor(server), actor(server, { email: ADMIN_EMAIL })]);
  const claimedToken = freshDeviceToken();
  const claim = await server.api.post('/api/device/claim').set(base.auth).send({ deviceToken: claimedToken });
  if (claim.status !== 200) throw new Error(`claim failed: ${claim.status} ${claim.text}`);
  const eventId = await tapEventId(server, claimedToken);
  await server.api.patch(`/api/events/${eventId}`).set(base.auth).send({}).expect(200);
  await server.api.post(`/api/my/brands/${brandId}/follow`).set(base.auth).expect(200);
  const claimedItemId: string = claim.body.device.id;

  // Awards give A a notice; A wears them, has a picture and a push subscription.
  const badgeId = `qa-badge-${short()}`;
  const flairId = `qa-flair-${short()}`;
  await Award.create([
    { _id: badgeId, kind: 'badge', name: 'QA Badge', image: '/badge.png' },
    { _id: flairId, kind: 'flair', name: 'QA Flair', image: '/flair.png' },
  ]);
  await grantAward(base.id, badgeId);
  await grantAward(base.id, flairId);
  await server.api
    .put('/api/my/badges')
    .set(base.auth)
    .send({ badgeIDs: [badgeId] })
    .expect(200);
  await server.api.put('/api/my/flair').set(base.auth).send({ flairID: flairId }).expect(200);
  const notices = await server.api.get('/api/my/notices').set(base.auth).expect(200);
  const noticeId: string = notices.body[0]?.notice_id;
  if (!noticeId) throw new Error(`A has no notice: ${notices.text}`);
  await server.api
    .put('/api/my/profile/picture')
    .set(base.auth)
    .attach('file', await samplePng(), 'me.png')
    .expect(200);
  const push = pushSubscription();
  await server.api.post('/api/push/register').set(base.auth).send(push).expect(201);

  const a: Owner = {
    ...base,
    claimedToken,
    claimedItemId,
    eventId,
    noticeId,
    badgeId,
    flairId,
    pushEndpoint: push.endpoint,
    // (the item id is not private: a profile's gear list is public)
    private: [...base.private, claimedToken, eventId, noticeId, push.endpoint],
  };

  return {
    server,
    brandId,
    modelId,
    questId: quest._id,
    a,
    b,
    admin,
    freshDeviceToken,
    freshEventId: () => tapEventId(server, freshDeviceToken()),
  };
}
