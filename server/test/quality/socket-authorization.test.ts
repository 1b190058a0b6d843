import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Notice, ServerToClientEvents } from '@tapquest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantXp } from '../../src/modules/progression/progression.service.js';
import { forgedTokens } from './forged-tokens.js';
import { buildWorld, type World } from './world.js';

// The authorization matrix for the other door to notices: the socket.io gateway. No token and
// every forged one are refused at the handshake with a readable message; a user's socket gets
// only their own notices, and 'notice:sync' never hands over another user's, whatever it is sent.

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let w: World;
let forged: Record<string, string>;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  w = await buildWorld();
  forged = await forgedTokens({ secret: w.server.deps.secrets.jwtSecret, victimId: w.a.id, victimToken: w.a.token, otherId: w.admin.id });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await w?.server.close();
});

/** Connects; resolves with the socket, or with the handshake's refusal message. */
function open(auth: Record<string, unknown> | undefined): Promise<{ socket?: ClientSocket; refused?: string }> {
  const socket: ClientSocket = connect(w.server.url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => resolve({ refused: err.message }));
  });
}

describe('the socket.io handshake', () => {
  it.each([
    ['no auth', undefined],
    ['an empty token', { token: '' }],
    ['a token that is not a string', { token: { $ne: null } }],
  ])('refuses %s with a message', async (_label, auth) => {
    expect((await open(auth)).refused).toBe('Authentication required');
  });

  it('refuses expired, tampered, alg:none and otherwise forged tokens with a message', async () => {
    for (const [kind, token] of Object.entries(forged)) {
      const { refused } = await open({ token });
      expect(refused, kind).toBe('Your session is not valid, please log in again');
    }
  });
});

describe("another user's notices", () => {
  it("are neither pushed to B's socket nor handed out by B's notice:sync", async () => {
    const a = (await open({ token: w.a.token })).socket!;
    const b = (await open({ token: w.b.token })).socket!;
    const toA: Notice[] = [];
    const toB: Notice[] = [];
    a.on('notice', (n) => toA.push(n));
    b.on('notice', (n) => toB.push(n));

    await grantXp(w.a.id, 7, 'qa');
    const deadline = Date.now() + 5000;
    while (toA.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(toA.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(toB).toEqual([]);

    const aNotices = new Set([w.a.noticeId, ...toA.map((n) => n.notice_id)]);
    const asks: unknown[] = [
      { after: null },
      { after: w.a.noticeId },
      { after: toA[0].notice_id },
      { after: { $gt: '' } },
      { after: { $ne: null } },
      { after: 'x'.repeat(10_000) },
      'after',
      null,
      42,
    ];
    for (const since of asks) {
      const reply: Notice[] = await b.timeout(5000).emitWithAck('notice:sync', since as { after: string | null });
      expect(Array.isArray(reply), JSON.stringify(since)).toBe(true);
      for (const n of reply) expect(aNotices.has(n.notice_id), JSON.stringify(since)).toBe(false);
      expect(JSON.stringify(reply)).not.toContain(w.a.email);
    }
    // And the gateway is still up for A.
    const mine: Notice[] = await a.timeout(5000).emitWithAck('notice:sync', { after: null });
    expect(mine.some((n) => aNotices.has(n.notice_id))).toBe(true);
  });
});
