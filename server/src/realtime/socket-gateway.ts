import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, Notice, ServerToClientEvents } from '@tapquest/shared';
import type { AppDeps } from '../app.js';
import { User } from '../modules/accounts/user.model.js';
import { noticesAfter } from '../modules/notices/notices.service.js';
import { noticeBus } from './notice-bus.js';

// socket.io on the API's HTTP server (path /socket.io). The handshake carries the JWT
// (auth: { token }); each user's sockets, one per tab or device, share the room user:<id>, and
// everything about their notices is emitted to that room. With REDIS_URL the Redis adapter makes the
// room span every node, so the node that made a notice emits it and every node's sockets get it.

export const AUTH_REQUIRED = 'Authentication required';
export const SESSION_INVALID = 'Your session is not valid, please log in again';

interface SocketData {
  userId: string;
}

type NoticeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const roomOf = (userId: string) => `user:${userId}`;

export interface SocketGateway {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  close(): Promise<void>;
}

export async function startSocketGateway(httpServer: http.Server, deps: AppDeps): Promise<SocketGateway> {
  const { config, tokens, logger } = deps;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    cors: { origin: config.corsOrigins, credentials: true },
    serveClient: false,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl, { lazyConnect: true });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub, { key: 'tapquest:socket.io' }));
  }

  // The messages are what the client shows: connect_error's message is readable on the client.
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') return next(new Error(AUTH_REQUIRED));
    try {
      const userId = await tokens.verify(token);
      const exists = userId && /^[a-f0-9]{24}$/.test(userId) ? await User.exists({ _id: userId }) : null;
      if (!userId || !exists) return next(new Error(SESSION_INVALID));
      socket.data.userId = userId;
      next();
    } catch (err) {
      logger.error({ err }, 'socket authentication failed');
      next(new Error('Something went wrong on our side'));
    }
  });

  io.on('connection', (socket: NoticeSocket) => {
    const { userId } = socket.data;
    void socket.join(roomOf(userId));
    socket.on('notice:sync', async (since, reply) => {
      if (typeof reply !== 'function') return;
      const after = typeof since?.after === 'string' ? since.after : null;
      try {
        reply(await noticesAfter(userId, after));
      } catch (err) {
        logger.error({ err, userId }, 'notice sync failed');
        reply([] as Notice[]);
      }
    });
  });

  const stopListening = noticeBus.subscribe((message) => {
    // The node that made the change emits; the adapter carries it to the room's sockets on every node.
    if (message.origin !== noticeBus.nodeId) return;
    switch (message.type) {
      case 'notice-created':
        for (const { userId, notice, count } of message.notices) {
          io.to(roomOf(userId)).emit('notice', notice);
          if (count) io.to(roomOf(userId)).emit('notice:count', count);
        }
        return;
      case 'notice-acked': {
        const { userId, notice_id, ack_type, count } = message;
        io.to(roomOf(userId)).emit('notice:ack', { notice_id, ack_type });
        io.to(roomOf(userId)).emit('notice:count', count);
        return;
      }
      case 'notice-counts':
        for (const { userId, count } of message.counts) io.to(roomOf(userId)).emit('notice:count', count);
        return;
    }
  });

  return {
    io,
    async close() {
      stopListening();
      // Not io.close(): that also closes the HTTP server and waits for it, which server.ts does itself.
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
