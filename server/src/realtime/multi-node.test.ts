import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import supertest from 'supertest';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startEmbeddedMongo, type EmbeddedMongo } from '@tapquest/embedded-mongo';
import type { AckType, ClientToServerEvents, Notice, ServerToClientEvents } from '@tapquest/shared';
import { createTestUser } from '../../test/harness.js';
import { redisServerBinary, startNode, startRedis, type Child } from '../../test/multi-node.js';
import { Brand } from '../modules/brands/brand.model.js';
import { createGearModel, mintGearItems } from '../modules/gear/gear.service.js';

// Two server processes on one database and one Redis: a notice made by a request to node A reaches
// a socket and a long poll held by node B, and an acknowledgement made on B reaches a socket on A.

const redisBinary = redisServerBinary();
const SKIP = 'skipped: redis-server is not installed (apt-get install -y redis-server)';
if (!redisBinary) console.warn(`multi-node notice test ${SKIP}`);

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let redis: Child | undefined;
let engine: EmbeddedMongo | undefined;
let nodeA: Child | undefined;
let nodeB: Child | undefined;
const dirs: string[] = [];
const sockets: ClientSocket[] = [];
let deviceToken = '';

(redisBinary ? describe : describe.skip)(`notices across nodes through Redis${redisBinary ? '' : ` (${SKIP})`}`, () => {
  beforeAll(async () => {
    redis = await startRedis(redisBinary!);
    engine = await startEmbeddedMongo();
    const uri = `${engine.uri}/tapquest`;
    const vapid = webpush.generateVAPIDKeys();
    const shared = {
      MONGODB_URI: uri,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tapquest-node-'));
      dirs.push(dir);
      return dir;
    };
    [nodeA, nodeB] = await Promise.all([startNode({ ...shared, DATA_DIR: dataDir() }), startNode({ ...shared, DATA_DIR: dataDir() })]);

    // Gear worth 25 XP: claiming it on node A is the request that makes a notice there.
    await mongoose.connect(uri);
    await Brand.create({ _id: 'mn', name: 'Multi Node', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
    await createGearModel({
      id: 'mn-band',
      brandId: 'mn',
      name: 'Band',
      image: '/band.webp',
      edition: { type: 'Open', run: 10 },
      claimXp: 25,
    });
    [{ deviceToken }] = await mintGearItems('mn-band', 1);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.allSettled([nodeA?.stop(), nodeB?.stop()]);
    await mongoose.disconnect();
    await Promise.allSettled([redis?.stop(), engine?.stop()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function connected(url: string, token: string): Promise<ClientSocket> {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const within = <T>(promise: Promise<T>, ms: number, what: string) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))]);

  it('delivers a notice made on node A to a socket and a long poll on node B, and an ack on B to a socket on A', async () => {
    const apiA = supertest(nodeA!.url);
    const apiB = supertest(nodeB!.url);
    const user = await createTestUser(apiA);

    const onB = await connected(nodeB!.url, user.token);
    const onA = await connected(nodeA!.url, user.token);
    const liveOnB = new Promise<Notice>((resolve) => onB.once('notice', resolve));
    expect((await apiB.get('/api/my/notices').set(user.auth).expect(200)).body).toEqual([]);

    const started = Date.now();
    const polled = fetch(`${nodeB!.url}/api/my/notices/poll?duration=30`, { headers: user.auth }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { notices: Notice[] },
      ms: Date.now() - started,
    }));
    await new Promise((r) => setTimeout(r, 500)); // let node B hold the poll

    await apiA.post('/api/device/claim').set(user.auth).send({ deviceToken }).expect(200);

    const live = await within(liveOnB, 5000, 'notice on node B');
    expect(live).toMatchObject({ type: 'add-xp', title: '+25 XP', message: 'For claiming new gear' });
    const poll = await within(polled, 5000, 'long poll answer on node B');
    expect(poll.status).toBe(200);
    expect(poll.body.notices.map((n) => n.notice_id)).toEqual([live.notice_id]);
    expect(poll.ms).toBeLessThan(10_000);

    const ackOnA = new Promise<{ notice_id: string; ack_type: AckType }>((resolve) => onA.once('notice:ack', resolve));
    await apiB.patch(`/api/notices/${live.notice_id}`).set(user.auth).send({ ack_type: 'read' }).expect(200);
    expect(await within(ackOnA, 5000, 'ack on node A')).toEqual({ notice_id: live.notice_id, ack_type: 'read' });
  });
});
