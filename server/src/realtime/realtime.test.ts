import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { AckType, ClientToServerEvents, Notice, NoticeCount, ServerToClientEvents } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../test/harness.js';
import { Brand } from '../modules/brands/brand.model.js';
import { grantXp } from '../modules/progression/progression.service.js';
import { publishQuest } from '../modules/quests/quests.service.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
const sockets: ClientSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => server?.close());

const uid = async (user: TestUser) => (await server.deps.tokens.verify(user.token))!;

/** A client as the app makes it: the JWT in the handshake's auth, websocket first. */
function socketOf(auth: Record<string, unknown>): ClientSocket {
  const socket: ClientSocket = connect(server.url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

async function connected(user: TestUser): Promise<ClientSocket> {
  const socket = socketOf({ token: user.token });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const refusal = (socket: ClientSocket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });

/** Everything a socket receives, in order. */
function record(socket: ClientSocket) {
  const seen: { notices: Notice[]; counts: NoticeCount[]; acks: { notice_id: string; ack_type: AckType }[] } = {
    notices: [],
    counts: [],
    acks: [],
  };
  socket.on('notice', (n) => seen.notices.push(n));
  socket.on('notice:count', (c) => seen.counts.push(c));
  socket.on('notice:ack', (a) => seen.acks.push(a));
  return seen;
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sync = (socket: ClientSocket, after: string | null): Promise<Notice[]> => socket.timeout(5000).emitWithAck('notice:sync', { after });

describe('socket.io handshake', () => {
  it('refuses a connection without a token, with a message the client can show', async () => {
    expect(await refusal(socketOf({}))).toBe('Authentication required');
    expect(await refusal(socketOf({ token: '' }))).toBe('Authentication required');
  });

  it('refuses a bad or forged token', async () => {
    expect(await refusal(socketOf({ token: 'not.a.jwt' }))).toBe('Your session is not valid, please log in again');
    const user = await createTestUser(server.api);
    const [head, body] = user.token.split('.');
    expect(await refusal(socketOf({ token: `${head}.${body}.${'A'.repeat(43)}` }))).toBe('Your session is not valid, please log in again');
  });
});

describe('live notices', () => {
  it('reaches every tab of the user with the new counts, and no one else', async () => {
    const [user, other] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    const [tab1, tab2, stranger] = await Promise.all([connected(user), connected(user), connected(other)]);
    const [seen1, seen2, seenStranger] = [record(tab1), record(tab2), record(stranger)];

    await grantXp(await uid(user), 20, 'quest-task');
    await until(() => seen1.counts.length === 1 && seen2.counts.length === 1, 'both tabs');
    const [stored] = (await server.api.get('/api/my/notices').set(user.auth)).body;
    for (const seen of [seen1, seen2]) {
      expect(seen.notices).toEqual([stored]);
      expect(seen.counts).toEqual([{ new: 1, unread: 1 }]);
    }
    expect(stored.title).toBe('+20 XP');
    await new Promise((r) => setTimeout(r, 100));
    expect(seenStranger.notices).toEqual([]);
  });

  it('pushes an acknowledgement and the counts to every tab', async () => {
    const user = await createTestUser(server.api);
    const [tab1, tab2] = await Promise.all([connected(user), connected(user)]);
    const [seen1, seen2] = [record(tab1), record(tab2)];
    await grantXp(await uid(user), 5, 'quest-task');
    await until(() => seen1.notices.length === 1 && seen2.notices.length === 1, 'the notice');
    const id = seen1.notices[0].notice_id;

    await server.api.patch(`/api/notices/${id}`).set(user.auth).send({ ack_type: 'read' }).expect(200);
    await until(() => seen1.acks.length === 1 && seen2.acks.length === 1 && seen2.counts.length === 2, 'the ack');
    for (const seen of [seen1, seen2]) {
      expect(seen.acks).toEqual([{ notice_id: id, ack_type: 'read' }]);
      expect(seen.counts.at(-1)).toEqual({ new: 0, unread: 0 });
    }
    // A step back changes nothing, so nothing is pushed.
    await server.api.patch(`/api/notices/${id}`).set(user.auth).send({ ack_type: 'seen' }).expect(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen1.acks).toHaveLength(1);
  });
});

describe('new quest to a brand', () => {
  it("reaches every member's sockets, then their counts", async () => {
    const brandId = `rt${Date.now().toString(36)}`;
    await Brand.create({ _id: brandId, name: 'Northwind', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
    const [a, b, outsider] = await Promise.all([createTestUser(server.api), createTestUser(server.api), createTestUser(server.api)]);
    for (const member of [a, b]) await server.api.post(`/api/my/brands/${brandId}/membership`).set(member.auth).expect(200);
    await grantXp(await uid(a), 5, 'quest-task'); // a already has one new notice
    const [sa, sb, so] = await Promise.all([connected(a), connected(b), connected(outsider)]);
    const [seenA, seenB, seenOutsider] = [record(sa), record(sb), record(so)];

    await publishQuest({
      brandId,
      title: 'Night Run',
      bannerImage: '/n.webp',
      startTime: new Date(),
      tasks: [{ label: 'Check in', kind: 'checkin' }],
    });
    await until(() => seenA.counts.length === 1 && seenB.counts.length === 1, 'the counts');
    expect(seenA.notices.map((n) => n.title)).toEqual(['New quest from Northwind: Night Run']);
    expect(seenB.notices.map((n) => n.title)).toEqual(['New quest from Northwind: Night Run']);
    expect(seenA.counts).toEqual([{ new: 2, unread: 2 }]);
    expect(seenB.counts).toEqual([{ new: 1, unread: 1 }]);
    expect(seenOutsider.notices).toEqual([]);
  });
});

describe('notice:sync (nothing is lost)', () => {
  it('gives a reconnecting client exactly the notices it missed, in order', async () => {
    const user = await createTestUser(server.api);
    const id = await uid(user);
    const first = await connected(user);
    const seen = record(first);
    await grantXp(id, 1, 'quest-task');
    await until(() => seen.notices.length === 1, 'the first notice');
    const held = seen.notices[0];
    first.disconnect();

    for (const xp of [2, 3, 4]) await grantXp(id, xp, 'quest-task');

    const again = await connected(user);
    const missed = await sync(again, held.notice_id);
    expect(missed.map((n) => n.title)).toEqual(['+2 XP', '+3 XP', '+4 XP']);
    expect(new Set(missed.map((n) => n.notice_id)).size).toBe(3);
    expect(await sync(again, missed[2].notice_id)).toEqual([]);
  });

  it('gives a client holding nothing (or an id that is not its own) everything, oldest first', async () => {
    const [user, other] = await Promise.all([createTestUser(server.api), createTestUser(server.api)]);
    for (const xp of [1, 2]) await grantXp(await uid(user), xp, 'quest-task');
    await grantXp(await uid(other), 9, 'quest-task');
    const [othersNotice] = (await server.api.get('/api/my/notices').set(other.auth)).body;
    const socket = await connected(user);
    expect((await sync(socket, null)).map((n) => n.title)).toEqual(['+1 XP', '+2 XP']);
    expect((await sync(socket, othersNotice.notice_id)).map((n) => n.title)).toEqual(['+1 XP', '+2 XP']);
    expect((await sync(socket, 'garbage')).map((n) => n.title)).toEqual(['+1 XP', '+2 XP']);
  });
});
