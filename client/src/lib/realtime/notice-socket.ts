import type { Socket } from 'socket.io-client';
import { fromCallback } from 'xstate';
import type { ClientToServerEvents, ServerToClientEvents } from '@tapquest/shared';
import { API_HOST } from '../api';
import type { SocketCommand, SocketEvent } from './notice-feed.machine';

// The socket.io connection behind the notice feed, as the callback actor the machine invokes.
// socket.io-client is imported here, on first use, so it only loads for a signed-in user.
// socket.io reconnects by itself; every connect (first or again) is reported, and the machine
// answers with the catch-up request.

type NoticeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A catch-up the server does not answer in this time is dropped; the next reconnect or poll covers it. */
export const SYNC_TIMEOUT_MS = 10_000;

/** The socket lives on the API's origin (path /socket.io), which is this page's unless VITE_API_HOST is absolute. */
export function socketOrigin(apiHost: string = API_HOST, page: string = window.location.href): string {
  return new URL(apiHost, page).origin;
}

export const noticeSocket = fromCallback<SocketCommand, { token: string }>(({ input, sendBack, receive }) => {
  let socket: NoticeSocket | null = null;
  let closed = false;
  const waiting: SocketCommand[] = [];

  const run = (command: SocketCommand, live: NoticeSocket) => {
    live.timeout(SYNC_TIMEOUT_MS).emit('notice:sync', { after: command.after }, (err, notices) => {
      if (!err && Array.isArray(notices)) sendBack({ type: 'SYNCED', notices } satisfies SocketEvent);
    });
  };
  receive((command) => (socket ? run(command, socket) : waiting.push(command)));

  import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      const live: NoticeSocket = io(socketOrigin(), { path: '/socket.io', auth: { token: input.token } });
      socket = live;
      live.on('connect', () => sendBack({ type: 'CONNECTED' } satisfies SocketEvent));
      live.on('disconnect', () => sendBack({ type: 'DISCONNECTED' } satisfies SocketEvent));
      live.on('connect_error', () => sendBack({ type: 'DISCONNECTED' } satisfies SocketEvent));
      live.on('notice', (notice) => sendBack({ type: 'NOTICE', notice } satisfies SocketEvent));
      live.on('notice:ack', ({ notice_id, ack_type }) => sendBack({ type: 'NOTICE_ACK', notice_id, ack_type } satisfies SocketEvent));
      live.on('notice:count', (count) => sendBack({ type: 'COUNT', count } satisfies SocketEvent));
      for (const command of waiting.splice(0)) run(command, live);
    })
    .catch((err) => {
      // No socket (the chunk failed to load): the fallbacks keep the notices current.
      console.warn('notice socket unavailable', err);
      if (!closed) sendBack({ type: 'DISCONNECTED' } satisfies SocketEvent);
    });

  return () => {
    closed = true;
    socket?.disconnect();
  };
});
