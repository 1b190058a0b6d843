import type http from 'node:http';
import type { AppDeps } from '../app.js';
import { endLongPolls, startLongPollWakeups } from '../modules/notices/long-poll.js';
import { wireNotices } from '../modules/notices/wire-notices.js';
import { startPushDelivery } from '../modules/push/push-delivery.js';
import { noticeBus } from './notice-bus.js';
import { startSocketGateway } from './socket-gateway.js';

export interface Realtime {
  close(): Promise<void>;
}

/**
 * Notices from end to end: domain events become notices (wireNotices), the notice bus carries them
 * (through Redis with REDIS_URL) to the three ways out: socket.io, the long poll and web push.
 */
export async function attachRealtime(httpServer: http.Server, deps: AppDeps): Promise<Realtime> {
  await noticeBus.start({ redisUrl: deps.config.redisUrl, logger: deps.logger });
  const gateway = await startSocketGateway(httpServer, deps);
  const stops = [
    startLongPollWakeups(),
    startPushDelivery({ secrets: deps.secrets, subject: deps.config.vapid.subject, logger: deps.logger }),
    wireNotices(deps.logger),
  ];
  return {
    async close() {
      // Producers first, then the ways out, then the bus they share.
      for (const stop of stops.reverse()) stop();
      endLongPolls();
      await gateway.close();
      await noticeBus.stop();
    },
  };
}
