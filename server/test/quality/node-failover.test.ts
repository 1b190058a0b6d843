import { randomBytes } from 'node:crypto';
import net from 'node:net';
import mongoose from 'mongoose';
import { io as connect, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { startEmbeddedMongo, type EmbeddedMongo } from '@tapquest/embedded-mongo';
import type { ClientToServerEvents, Notice, ServerToClientEvents } from '@tapquest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brand } from '../../src/modules/brands/brand.model.js';
import { createGearModel, mintGearItems } from '../../src/modules/gear/gear.service.js';
import { redisServerBinary, startRedis, type Child } from '../multi-node.js';
import { postJson } from './http-client.js';
import { freePort, spawnServer, type ServerProcess } from './server-process.js';

// A server node killed (SIGKILL: no goodbye) while a client is connected to it through the load
// balancer: the client reconnects, lands on the other node, and with 'notice:sync' catches up on
// the notices made while it was away; after that, new notices reach it live. Two real server
// processes on one database and one Redis, and a small TCP proxy standing in for the balancer.

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisBinary = redisServerBinary();
const SKIP = 'skipped: redis-server is not installed (apt-get install -y redis-server)';
if (!redisBinary) console.warn(`node failover test ${SKIP}`);

/** Forwards each connection to whichever port `target` holds when it opens. */
async function startBalancer(firstTarget: number) {
  const port = await freePort();
  const state = { target: firstTarget };
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(state.target, '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pointAt: (target: number) => (state.target = target),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let redis: Child | undefined;
let engine: EmbeddedMongo | undefined;
const nodes: ServerProcess[] = [];
let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
let socket: ClientSocket | undefined;
let tokens: string[] = [];

(redisBinary ? describe : describe.skip)(`a node killed under its clients${redisBinary ? '' : ` (${SKIP})`}`, () => {
  beforeAll(async () => {
    [redis, engine] = await Promise.all([startRedis(redisBinary!), startEmbeddedMongo()]);
    const uri = `${engine.uri}/tapquest`;
    // Gear that pays XP when claimed: each claim makes a notice for the claimer.
    await mongoose.connect(uri);
    const brandId = `fo${randomBytes(3).toString('hex')}`;
    await Brand.create({ _id: brandId, name: 'Failover Brand', banner: '/b.webp', profilePicture: '/p.png', logoSmall: '/s.png' });
    await createGearModel({
      id: `${brandId}-band`,
      brandId,
      name: 'Band',
      image: '/band.webp',
      edition: { type: 'Open', run: 10 },
      claimXp: 5,
    });
    tokens = (await mintGearItems(`${brandId}-band`, 5)).map((i) => i.deviceToken);
    await mongoose.disconnect();

    const vapid = webpush.generateVAPIDKeys();
    const shared = {
      MONGODB_URI: uri,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    nodes.push(...(await Promise.all([spawnServer(shared), spawnServer(shared)])));
    balancer = await startBalancer(nodes[0].port);
  });

  afterAll(async () => {
    socket?.close();
    await balancer?.close();
    for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exited));
    await redis?.stop();
    await engine?.stop();
  });

  it('lets the client reconnect to the other node and catch up on what it missed, then get notices live', async () => {
    const [nodeA, nodeB] = nodes;
    const signUp = await postJson(balancer!.url, '/api/user', { email: `failover.${Date.now()}@example.com`, password: 'long enough pw' });
    const token = String(signUp.json?.token);
    const claim = (node: ServerProcess, deviceToken: string) =>
      postJson(node.url, '/api/device/claim', { deviceToken }, { headers: { Authorization: `Bearer ${token}` } });

    // The client: reconnection on, as the app runs it, through the balancer (now to node A).
    socket = connect(balancer!.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: 1500,
      reconnectionDelayMax: 1500,
      randomizationFactor: 0,
    });
    const seen = new Map<string, Notice>();
    socket.on('notice', (n) => seen.set(n.notice_id, n));
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });

    // A notice made on B reaches the client on A (through Redis).
    expect((await claim(nodeB, tokens[0])).status).toBe(200);
    const made = await listNotices(nodeB.url, token);
    expect(made.length).toBeGreaterThanOrEqual(1);
    await until(() => made.every((n) => seen.has(n.notice_id)));
    const newestHeld = () =>
      [...seen.values()].sort((x, y) => y.created_at.localeCompare(x.created_at) || y.notice_id.localeCompare(x.notice_id))[0];
    const held = newestHeld();

    // Node A dies; the balancer sends new connections to B.
    const disconnected = new Promise<string>((resolve) => socket!.once('disconnect', resolve));
    nodeA.child.kill('SIGKILL');
    balancer!.pointAt(nodeB.port);
    expect(await disconnected).toMatch(/transport close|transport error|ping timeout/);
    expect(await nodeA.exited).toBe('SIGKILL');

    // While the client is away: two claims, two notices it cannot be sent.
    const reconnected = new Promise<void>((resolve) => socket!.io.once('reconnect', () => resolve()));
    expect((await claim(nodeB, tokens[1])).status).toBe(200);
    expect((await claim(nodeB, tokens[2])).status).toBe(200);
    const missedIds = (await listNotices(nodeB.url, token)).filter((n) => !seen.has(n.notice_id)).map((n) => n.notice_id);
    expect(missedIds.length).toBeGreaterThanOrEqual(2);

    // Back (on B): 'notice:sync' from the newest notice it holds returns exactly what it missed.
    await reconnected;
    const synced: Notice[] = await socket.timeout(5000).emitWithAck('notice:sync', { after: held.notice_id });
    expect(synced.map((n) => n.notice_id).sort()).toEqual(missedIds.sort());
    for (const n of synced) seen.set(n.notice_id, n);

    // And what happens next arrives live.
    const before = seen.size;
    expect((await claim(nodeB, tokens[3])).status).toBe(200);
    await until(() => seen.size > before);
    expect([...seen.keys()].sort()).toEqual((await listNotices(nodeB.url, token)).map((n) => n.notice_id).sort());
  });
});

async function listNotices(url: string, token: string): Promise<Notice[]> {
  const res = await fetch(`${url}/api/my/notices?hist=100`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as Notice[];
}

async function until(check: () => boolean, withinMs = 10_000) {
  const end = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
