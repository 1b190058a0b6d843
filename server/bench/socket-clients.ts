// A share of the sockets benchmark's clients, in a process of its own (forked by sockets.bench.ts), so
// that the clients' own parsing does not hold up the receipts they time. Talks to its parent over IPC:
//   { type: 'connect', url, tokens }  ->  { type: 'connected', ok, failed, errors }
//   { type: 'receipts' }               ->  { type: 'receipts', at, created } (ms since the epoch per token: first
//                                          notice received, and that notice's created_at; 0 = none yet)
//   { type: 'close' }                  ->  disconnects and exits
import { io, type Socket } from 'socket.io-client';

type Command = { type: 'connect'; url: string; tokens: string[]; concurrency: number } | { type: 'receipts' } | { type: 'close' };

const sockets: Socket[] = [];
let receivedAt: number[] = [];
/** The notice's own created_at (server clock, same machine): when the server stored it. */
let createdAt: number[] = [];

function connectOne(url: string, token: string, index: number): Promise<string | null> {
  return new Promise((resolve) => {
    // WebSocket from the start: what a connection costs once the browser client has upgraded.
    const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, timeout: 60_000 });
    sockets.push(socket);
    socket.on('notice', (notice: { created_at?: string }) => {
      if (receivedAt[index]) return;
      receivedAt[index] = Date.now();
      createdAt[index] = Date.parse(notice.created_at ?? '') || 0;
    });
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

async function connectAll(url: string, tokens: string[], concurrency: number) {
  receivedAt = new Array(tokens.length).fill(0);
  createdAt = new Array(tokens.length).fill(0);
  const errors = new Map<string, number>();
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const error = await connectOne(url, tokens[i]!, i);
        if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
        else ok += 1;
      }
    }),
  );
  return { ok, failed: tokens.length - ok, errors: Object.fromEntries(errors) };
}

process.on('message', async (command: Command) => {
  if (command.type === 'connect') {
    process.send!({ type: 'connected', ...(await connectAll(command.url, command.tokens, command.concurrency)) });
  } else if (command.type === 'receipts') {
    process.send!({ type: 'receipts', at: receivedAt, created: createdAt });
  } else {
    for (const socket of sockets) socket.disconnect();
    process.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});
