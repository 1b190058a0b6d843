import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../server/src/config.js';
import { startServer, type RunningServer } from '../server/src/server.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'client/dist/index.html');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

let server: RunningServer | undefined;

/** A port free right now: the server must know its own address up front, since tag taps redirect to it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

// Builds the client when its sources are newer than the build, then starts one seeded server for all journeys.
export async function setup(project: TestProject) {
  const stale = !existsSync(dist) || newestSource(path.join(root, 'client/src')) > statSync(dist).mtimeMs;
  // NODE_ENV: vitest sets it to 'test', which Vite would honour with a development build (React's dev runtime, ~190 KB).
  if (stale)
    execFileSync('npm', ['run', 'build', '-w', '@tapquest/client'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tapquest-e2e-')),
    ADMIN_EMAILS: 'admin@tapquest.dev',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_USERNAME_MAX: '10000',
  });
  server = await startServer(config, { inMemoryDb: true });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
