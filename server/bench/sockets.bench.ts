// 5,000 socket.io clients on one server node (issue 11): memory per connection, and the time to
// deliver one notice to each of them.
//
// Processes, so that nobody's event loop times somebody else's work: the embedded engine (its own
// process, as `npm run db`), one server node (child process, MONGODB_URI pointing at that engine), and
// the clients split across two forked processes (socket-clients.ts). The bench process itself only
// seeds users, sends the HTTP calls that make the notices, and reads the clock.
//
// The users are written straight into the database through the server's own model, and their tokens
// signed with the JWT_SECRET the server is given: 5,000 sign-ups would time argon2, not sockets.
// The notices go the way a real one does: POST /api/user/checkin per user grants the daily bonus, the
// server turns the xp-granted event into an add-xp notice and its notice bus hands it to socket.io.
// (A new quest to 5,000 members would be one call, but no HTTP path publishes a quest yet.)
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { User } from '../src/modules/accounts/user.model.js';
import { createTokenService } from '../src/platform/auth-token.js';
import { freePort, machineLoad, startChildServer, type ChildServer } from './child-server.js';

const CLIENTS = 5000;
const WORKERS = 2;
const CONNECT_CONCURRENCY = 100;
const CHECKIN_CONCURRENCY = 100;
const root = path.resolve(import.meta.dirname, '../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' || !soft ? Infinity : Number(soft);
}

async function startEngine(): Promise<{ uri: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/embedded-mongo/src/cli.ts', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`embedded engine exited (${code})`)));
  });
  return {
    uri: `mongodb://127.0.0.1:${port}/tapquest`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface ClientWorker {
  child: ChildProcess;
  from: number;
  ask<T>(message: object, reply: string): Promise<T>;
}

function startWorker(from: number): ClientWorker {
  const child = fork(path.join(import.meta.dirname, 'socket-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    child,
    from,
    ask: <T>(message: object, reply: string) =>
      new Promise<T>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`socket client worker exited (${code})`));
        const onMessage = (m: { type: string }) => {
          if (m.type !== reply) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as T);
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(message);
      }),
  };
}

/** RSS once it has stopped moving much: the lowest of a few samples a second apart. */
async function settledRss(server: ChildServer): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    await sleep(1000);
    samples.push(server.rss());
  }
  return Math.min(...samples);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export default async function socketsBench(): Promise<string> {
  const busy = machineLoad();
  const limit = openFilesLimit();
  // The server holds one descriptor per client, each client process one per socket, plus the engine's and the HTTP pool's.
  if (limit < CLIENTS + 1000)
    throw new Error(`ulimit -n is ${limit}: raise it above ${CLIENTS + 1000} (ulimit -n 65536) for ${CLIENTS} sockets`);

  const engine = await startEngine();
  const jwtSecret = randomBytes(48).toString('base64url');
  let server: ChildServer | undefined;
  const workers: ClientWorker[] = [];
  try {
    // Users straight into the database, through the server's model.
    await mongoose.connect(engine.uri);
    const stamp = Date.now().toString(36);
    const ids: string[] = [];
    for (let start = 0; start < CLIENTS; start += 500) {
      const docs = Array.from({ length: Math.min(500, CLIENTS - start) }, (_, k) => {
        const username = `sock_${stamp}_${start + k}`;
        return { email: `${username}@bench.test`, username, usernameKey: username.toLowerCase() };
      });
      ids.push(...(await User.insertMany(docs)).map((u) => u.id as string));
    }
    await mongoose.disconnect();
    const tokenService = createTokenService(jwtSecret);
    const tokens = await Promise.all(ids.map((id) => tokenService.sign(id)));

    server = await startChildServer({ MONGODB_URI: engine.uri, JWT_SECRET: jwtSecret, SEED: 'false' });
    const url = server.url;
    // Warm the paths used below once, then take the idle footprint.
    const warm = await fetch(`${url}/api/user/checkin`, { method: 'POST', headers: { authorization: `Bearer ${tokens[0]}` } });
    if (!warm.ok) throw new Error(`POST /api/user/checkin: ${warm.status} ${await warm.text()}`);
    const rssIdle = await settledRss(server);

    const share = Math.ceil(CLIENTS / WORKERS);
    for (let w = 0; w < WORKERS; w += 1) workers.push(startWorker(w * share));
    const connectStarted = Date.now();
    const connected = await Promise.all(
      workers.map((w) =>
        w.ask<{ ok: number; failed: number; errors: Record<string, number> }>(
          { type: 'connect', url, tokens: tokens.slice(w.from, w.from + share), concurrency: CONNECT_CONCURRENCY },
          'connected',
        ),
      ),
    );
    const connectMs = Date.now() - connectStarted;
    const ok = connected.reduce((n, c) => n + c.ok, 0);
    if (ok !== CLIENTS) throw new Error(`only ${ok} of ${CLIENTS} sockets connected: ${JSON.stringify(connected.map((c) => c.errors))}`);
    const rssConnected = await settledRss(server);

    // One notice each: every user checks in (user 0 already has, so its call makes none; it is left out).
    const sentAt = new Array<number>(CLIENTS).fill(0);
    const statuses = new Map<number, number>();
    const firstSent = Date.now();
    let next = 1;
    await Promise.all(
      Array.from({ length: CHECKIN_CONCURRENCY }, async () => {
        while (next < CLIENTS) {
          const i = next++;
          sentAt[i] = Date.now();
          const res = await fetch(`${url}/api/user/checkin`, { method: 'POST', headers: { authorization: `Bearer ${tokens[i]}` } });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const httpDone = Date.now();

    let receivedAt: number[] = [];
    let createdAt: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const parts = await Promise.all(workers.map((w) => w.ask<{ at: number[]; created: number[] }>({ type: 'receipts' }, 'receipts')));
      receivedAt = parts.flatMap((p) => p.at);
      createdAt = parts.flatMap((p) => p.created);
      if (receivedAt.slice(1).every((t) => t > 0) || Date.now() > deadline) break;
      await sleep(100);
    }
    const delivered = receivedAt.slice(1).filter((t) => t > 0);
    const lastReceipt = Math.max(...delivered);
    const perUser = receivedAt
      .map((t, i) => (i > 0 && t > 0 ? t - sentAt[i]! : -1))
      .filter((d) => d >= 0)
      .sort((a, b) => a - b);
    // The socket path alone: from the notice being stored (its created_at) to the client holding it.
    const afterStored = receivedAt
      .map((t, i) => (i > 0 && t > 0 && createdAt[i]! > 0 ? t - createdAt[i]! : -1))
      .filter((d) => d >= 0)
      .sort((a, b) => a - b);

    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    const notices = CLIENTS - 1;
    return [
      `## ${CLIENTS.toLocaleString('en')} socket.io clients on one node`,
      '',
      `One server node (child process, NODE_ENV=production) on the embedded engine in a process of its own; ${CLIENTS.toLocaleString('en')}`,
      `socket.io clients (WebSocket transport, each its own user and jwt) split across ${WORKERS} forked processes. Open-file limit`,
      `(\`ulimit -n\`) here: ${limit === Infinity ? 'unlimited' : limit.toLocaleString('en')}; the server needs one descriptor per connection, so a node for`,
      `${CLIENTS.toLocaleString('en')} sockets needs \`ulimit -n\` well above that (systemd \`LimitNOFILE=\`, Docker \`--ulimit nofile=\`).`,
      '',
      '| figure | value |',
      '| --- | ---: |',
      `| connect ${CLIENTS.toLocaleString('en')} sockets (handshake + jwt check, ${CONNECT_CONCURRENCY * WORKERS} at a time) | ${(connectMs / 1000).toFixed(1)} s (${Math.round(CLIENTS / (connectMs / 1000)).toLocaleString('en')}/s) |`,
      `| server RSS idle / with ${CLIENTS.toLocaleString('en')} sockets | ${mib(rssIdle)} MiB / ${mib(rssConnected)} MiB |`,
      `| **memory per connection** (RSS delta / ${CLIENTS.toLocaleString('en')}) | **${kb((rssConnected - rssIdle) / CLIENTS)} KiB** |`,
      `| check-ins sent (${CHECKIN_CONCURRENCY} in flight), all answered | ${((httpDone - firstSent) / 1000).toFixed(2)} s (${Math.round(notices / ((httpDone - firstSent) / 1000)).toLocaleString('en')}/s; ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}) |`,
      `| notices delivered | ${delivered.length.toLocaleString('en')} of ${notices.toLocaleString('en')} |`,
      `| **first check-in sent to last notice received** | **${((lastReceipt - firstSent) / 1000).toFixed(2)} s** |`,
      `| one user's check-in sent to its notice received, p50 / p99 | ${percentile(perUser, 50)} ms / ${percentile(perUser, 99)} ms |`,
      `| **notice stored (its created_at) to received**, p50 / p99 / max | **${percentile(afterStored, 50)} ms / ${percentile(afterStored, 99)} ms** / ${afterStored.at(-1)} ms |`,
      '',
      `Each check-in is a real request: the daily bonus is stored, \`xp-granted\` becomes an add-xp notice, the notice bus`,
      "hands it to socket.io, which emits it to the user's room. The first-to-last time is therefore bounded by how fast one",
      'node serves 5,000 check-ins (the HTTP row); the stored-to-received row is the socket path itself, under that load.',
      '',
      busy,
    ].join('\n');
  } finally {
    for (const w of workers) {
      if (w.child.connected) w.child.send({ type: 'close' });
    }
    await sleep(500);
    await server?.stop();
    await mongoose.disconnect();
    await engine.stop();
  }
}
