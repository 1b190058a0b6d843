import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { AckType, Notice, NoticeCount } from '@tapquest/shared';
import type { Logger } from '../platform/logger.js';

// The notice bus: the notices service publishes what happened to notices; socket.io, the long poll
// and web push subscribe and deliver. In one process it is an EventEmitter; with REDIS_URL every
// message goes through one Redis pub/sub channel, so each node hears every node's notices
// (a long poll held by node B wakes for a notice created on node A).
//
// Every message names the node it came from. Deliveries that must happen once per notice (the
// socket.io emit, which the Redis adapter fans out to all nodes itself, and the web push) act only on
// their own node's messages; the long poll, which holds local requests, acts on all of them.

export interface CreatedNotice {
  userId: string;
  notice: Notice;
  /** The owner's counts right after this notice was stored; absent when a 'notice-counts' follows. */
  count?: NoticeCount;
}

/** What a publisher hands over: the bus stamps the origin. */
export type NoticeBusEvent =
  | { type: 'notice-created'; notices: CreatedNotice[] }
  | { type: 'notice-acked'; userId: string; notice_id: string; ack_type: AckType; count: NoticeCount }
  | { type: 'notice-counts'; counts: { userId: string; count: NoticeCount }[] };

export type NoticeBusMessage = NoticeBusEvent & { origin: string };

type Handler = (message: NoticeBusMessage) => void | Promise<void>;

const CHANNEL = 'tapquest:notices';

export interface NoticeBus {
  /** This process's id, compared with a message's origin. */
  readonly nodeId: string;
  publish(event: NoticeBusEvent): Promise<void>;
  subscribe(handler: Handler): () => void;
  /** Switches to Redis pub/sub when a URL is given; in-process otherwise. */
  start(opts: { redisUrl?: string; logger: Logger }): Promise<void>;
  stop(): Promise<void>;
}

function createNoticeBus(): NoticeBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let redis: { pub: Redis; sub: Redis } | null = null;
  let logger: Logger | undefined;

  const dispatch = (message: NoticeBusMessage) => {
    for (const handler of local.listeners('message') as Handler[]) {
      // A failing subscriber (a push service down, a closed socket) must not stop the others.
      Promise.resolve()
        .then(() => handler(message))
        .catch((err) => logger?.error({ err, type: message.type }, 'notice bus subscriber failed'));
    }
  };

  return {
    nodeId: randomUUID(),
    async publish(event) {
      const message = { ...event, origin: this.nodeId } as NoticeBusMessage;
      if (redis) await redis.pub.publish(CHANNEL, JSON.stringify(message));
      else dispatch(message);
    },
    subscribe(handler) {
      local.on('message', handler);
      return () => local.off('message', handler);
    },
    async start(opts) {
      logger = opts.logger;
      if (!opts.redisUrl || redis) return;
      const pub = new Redis(opts.redisUrl, { lazyConnect: true });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      sub.on('message', (channel: string, raw: string) => {
        if (channel !== CHANNEL) return;
        try {
          dispatch(JSON.parse(raw) as NoticeBusMessage);
        } catch (err) {
          logger?.error({ err }, 'unreadable notice bus message');
        }
      });
      await sub.subscribe(CHANNEL);
      redis = { pub, sub };
    },
    async stop() {
      const clients = redis;
      redis = null;
      if (clients) await Promise.all([clients.pub.quit(), clients.sub.quit()]);
    },
  };
}

/** The process-wide bus, like domainEvents: one per process whatever the number of servers in it. */
export const noticeBus = createNoticeBus();
