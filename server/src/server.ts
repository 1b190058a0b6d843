import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppDeps } from './app.js';
import type { Config } from './config.js';
import { createTokenService } from './platform/auth-token.js';
import { connectDatabase } from './platform/database.js';
import { answerClientError } from './platform/error-handler.js';
import { createLogger } from './platform/logger.js';
import { loadSecrets } from './platform/secrets.js';
import { attachRealtime } from './realtime/attach-realtime.js';
import { seedIfEmpty } from './seed/seed.js';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  httpServer: http.Server;
  close(): Promise<void>;
}

/** Connects everything and listens. Used by main.ts and by every API test. */
export async function startServer(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const secrets = await loadSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    vapidPublicKey: config.vapid.publicKey,
    vapidPrivateKey: config.vapid.privateKey,
  });
  const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, inMemory: opts.inMemoryDb, logger });
  const deps: AppDeps = { config, logger, db, tokens: createTokenService(secrets.jwtSecret), secrets };
  if (config.seed) await seedIfEmpty(deps);

  const httpServer = http.createServer(createApp(deps));
  httpServer.on('clientError', answerClientError);
  const realtime = await attachRealtime(httpServer, deps);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  // Graceful: stop accepting, let in-flight requests finish, then close sockets and the database.
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      await realtime.close();
      const force = setTimeout(() => httpServer.closeAllConnections(), 10_000);
      await stopped;
      clearTimeout(force);
      await db.close();
    })());

  return { url: `http://127.0.0.1:${port}`, port, deps, httpServer, close };
}
