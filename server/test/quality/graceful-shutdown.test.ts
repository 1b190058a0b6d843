import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo, type EmbeddedMongo } from '@tapquest/embedded-mongo';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, uniqueEmail } from '../harness.js';
import { spawnServer, type ServerProcess } from './server-process.js';

// SIGTERM while requests are in flight: each one already accepted gets its whole answer, the
// process then exits 0, new connections are refused from the moment the signal lands, and every
// sign-up that was acknowledged is really there (its user can log in). Sign-ups are the slow
// request here: argon2 takes tens of milliseconds each.

const SIGN_UPS = 32;

let engine: EmbeddedMongo;
let node: ServerProcess | undefined;
beforeAll(async () => {
  engine = await startEmbeddedMongo({ dataDir: mkdtempSync(path.join(tmpdir(), 'tapquest-sigterm-db-')) });
  node = await spawnServer({ MONGODB_URI: `${engine.uri}/tapquest` });
});
afterAll(async () => {
  if (node?.child.exitCode === null) node.child.kill('SIGKILL');
  await engine?.stop();
});

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

interface SlowRequest {
  /** Resolves once the server has read the headers (it answered 100 Continue): the request is in flight. */
  read: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; body: string }>;
}

/**
 * A sign-up sent in two parts: the headers and a little of the body now, the rest on finish().
 * Until the server has read a request its connection counts as idle, and shutting down may drop
 * it; `Expect: 100-continue` makes the server say when it has read the headers.
 */
function slowSignUp(port: number, account: { email: string; password: string }): SlowRequest {
  const body = JSON.stringify(account);
  const head =
    `POST /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
  const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString()));
  const read = new Promise<void>((resolve) => {
    const onData = () => {
      if (!received.startsWith('HTTP/1.1 100')) return;
      socket.off('data', onData);
      socket.write(body.slice(0, 10));
      resolve();
    };
    socket.on('data', onData);
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const final = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(final)?.[1] ?? 0), body: final.slice(final.indexOf('\r\n\r\n') + 4) });
    });
  });
  return { read, finish: () => socket.write(body.slice(10)), response };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('finishes in-flight requests, refuses new ones, exits 0, and loses no acknowledged write', async () => {
  const server = node!;
  const accounts = Array.from({ length: SIGN_UPS }, () => ({ email: uniqueEmail('sigterm'), password: 'long enough pw' }));
  const requests = accounts.map((account) => slowSignUp(server.port, account));
  await Promise.all(requests.map((r) => r.read));
  // Half are complete and hashing passwords when the signal lands; half are still uploading.
  const [hashing, uploading] = [requests.slice(0, SIGN_UPS / 2), requests.slice(SIGN_UPS / 2)];
  for (const r of hashing) r.finish();
  await pause(30);
  server.child.kill('SIGTERM');
  // The listener closes as soon as the process handles the signal (with argon2 busy, that can take
  // a moment): wait for the refusal while the uploads still hang, then let them finish.
  let refusedDuringShutdown = false;
  for (const end = Date.now() + 5000; !refusedDuringShutdown && Date.now() < end; await pause(25)) {
    refusedDuringShutdown = !(await connects(server.port));
  }
  for (const r of uploading) r.finish();

  const answers = await Promise.all(requests.map((r) => r.response));
  const exit = await server.exited;

  expect(answers.map((a) => a.status)).toEqual(accounts.map(() => 201));
  for (const a of answers) expect(JSON.parse(a.body).token).toMatch(/^ey/);
  expect(refusedDuringShutdown, 'new connections are refused once shutting down').toBe(true);
  expect(exit, server.output()).toBe(0);
  expect(await connects(server.port)).toBe(false);

  // Every acknowledged account made it to the database whole: its user can log in.
  const after = await startTestServer({ MONGODB_URI: `${engine.uri}/tapquest` });
  try {
    const logins = await Promise.all(accounts.map((account) => after.api.post('/api/user/login').send(account)));
    expect(logins.map((l) => l.status)).toEqual(accounts.map(() => 200));
  } finally {
    await after.close();
  }
});
