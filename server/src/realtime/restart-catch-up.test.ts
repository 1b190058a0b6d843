import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Notice, ServerToClientEvents } from '@tapquest/shared';
import { loadConfig } from '../config.js';
import { grantXp } from '../modules/progression/progression.service.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestUser } from '../../test/harness.js';

// A full restart on a persistent data directory (the embedded engine's journal and the kept JWT
// secret): a client that held a notice before the restart catches up on everything after it.

const dataDir = mkdtempSync(path.join(tmpdir(), 'tapquest-restart-'));
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED: 'false', DATA_DIR: dataDir });
let running: RunningServer | undefined;
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function connected(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('catch-up after a server restart', () => {
  it('syncs the notices made before and after the restart that the client missed, in order', async () => {
    running = await startServer(config);
    const user = await createTestUser(supertest(running.url));
    const userId = (await running.deps.tokens.verify(user.token))!;

    const socket = await connected(running.url, user.token);
    const held = new Promise<Notice>((resolve) => socket.once('notice', resolve));
    await grantXp(userId, 1, 'quest-task');
    const last = await held;
    socket.disconnect();

    await grantXp(userId, 2, 'quest-task'); // missed before the restart
    await running.close();

    running = await startServer(config);
    await grantXp(userId, 3, 'quest-task'); // missed after it

    const again = await connected(running.url, user.token);
    const missed: Notice[] = await again.timeout(5000).emitWithAck('notice:sync', { after: last.notice_id });
    again.disconnect();
    expect(missed.map((n) => n.title)).toEqual(['+2 XP', '+3 XP']);
    expect(missed.every((n) => n.notice_id !== last.notice_id)).toBe(true);
  });
});
