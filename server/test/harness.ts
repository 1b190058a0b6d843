import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';

export interface TestServer extends RunningServer {
  api: ReturnType<typeof supertest>;
}

/** A real server over HTTP on a free port, on an in-memory embedded engine. One per test file. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapquest-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED: 'false',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_USERNAME_MAX: '1000',
    ...env,
  });
  const server = await startServer(config, { inMemoryDb: !env.MONGODB_URI && !process.env.MONGODB_TEST_URI });
  return { ...server, api: supertest(server.url) };
}

let counter = 0;
/** A unique email per call, so tests build their own data. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface TestUser {
  token: string;
  email: string;
  password: string;
  username?: string;
  auth: { Authorization: string };
}

let names = 0;
/** Signs up over HTTP (and picks a username unless told not to), as a client would. */
export async function createTestUser(
  api: TestServer['api'],
  opts: { username?: string | false; email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse battery';
  const res = await api.post('/api/user').send({ email, password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const user: TestUser = { token: res.body.token, email, password, auth: { Authorization: `Bearer ${res.body.token}` } };
  if (opts.username !== false) {
    names += 1;
    const username = opts.username ?? `user_${process.pid}_${names}`.slice(0, 20);
    const put = await api.put('/api/my/username').set(user.auth).send({ username });
    if (put.status !== 200) throw new Error(`username failed: ${put.status} ${JSON.stringify(put.body)}`);
    user.username = username;
  }
  return user;
}
