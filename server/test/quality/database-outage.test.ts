import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo, type EmbeddedMongo } from '@tapquest/embedded-mongo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../harness.js';

// The database goes away under a running server and comes back on the same address: meanwhile
// the API answers 503 with a message, promptly (not after a 30 s hang); afterwards it serves
// again without a restart, with everything written before the outage still there.

const PROMPT_MS = 8_000;

let dbDir: string;
let engine: EmbeddedMongo;
let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  dbDir = mkdtempSync(path.join(tmpdir(), 'tapquest-outage-'));
  engine = await startEmbeddedMongo({ dataDir: dbDir });
  server = await startTestServer({ MONGODB_URI: `${engine.uri}/tapquest` });
  user = await createTestUser(server.api);
});
afterAll(async () => {
  await server?.close();
  await engine?.stop();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not recovered within ${withinMs} ms`);
}

describe('the database going away and coming back', () => {
  it('answers 503 with a message while it is away, within a few seconds', async () => {
    await engine.stop();
    const calls = {
      health: () => server.api.get('/api/health'),
      'an authenticated read': () => server.api.get('/api/my/devices').set(user.auth),
      'log-in': () => server.api.post('/api/user/login').send({ email: user.email, password: user.password }),
      'a public read': () => server.api.get(`/api/devices/${user.username}`),
    };
    // Twice: first while the driver still thinks the server is up, then once it knows it is gone.
    for (const round of ['first', 'second']) {
      const answers = await Promise.all(Object.entries(calls).map(async ([name, call]) => [name, await timed(call)] as const));
      for (const [name, { value: res, ms }] of answers) {
        expect(res.status, `${round} ${name}: ${res.status} ${res.text}`).toBe(503);
        expect(res.body.messages[0].message, name).toMatch(/\S/);
        expect(ms, `${round} ${name} took ${ms} ms`).toBeLessThan(PROMPT_MS);
      }
    }
  });

  it('serves again once it is back on the same port, without a server restart', async () => {
    engine = await startEmbeddedMongo({ dataDir: dbDir, port: engine.port });
    await eventually(async () => (await server.api.get('/api/health')).status === 200, 20_000);
    const devices = await server.api.get('/api/my/devices').set(user.auth);
    expect(devices.status).toBe(200);
    const login = await server.api.post('/api/user/login').send({ email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect((await server.api.get(`/api/devices/${user.username}`)).status).toBe(200);
  });
});
