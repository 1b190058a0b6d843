import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import cors from 'cors';
import express, { type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { TokenService } from './platform/auth-token.js';
import type { Database } from './platform/database.js';
import { apiNotFound, errorHandler } from './platform/error-handler.js';
import type { Logger } from './platform/logger.js';
import type { Secrets } from './platform/secrets.js';
import { authenticate } from './modules/accounts/authenticate.js';
import { apiRouters } from './modules/routers.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Database;
  tokens: TokenService;
  secrets: Secrets;
}

export type RouterFactory = (deps: AppDeps) => Router;

const defaultClientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

/** The HTTP application: middleware and routers. Nothing listens here (see server.ts). */
export function createApp(deps: AppDeps): express.Express {
  const { config, logger, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
    }),
  );
  // Compressed assets are most of what separates a 3.5 s first paint from a sub-2 s one on mobile.
  app.use(compression({ filter: (req, res) => !req.url.startsWith('/socket.io') && compression.filter(req, res) }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'connect-src': ["'self'"],
          'worker-src': ["'self'"],
          'form-action': ["'self'", 'https://appleid.apple.com', 'https://accounts.google.com'],
          // Upgrading would break a plain-http deployment such as a phone testing against a laptop on the LAN.
          'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const api = express.Router();
  api.use(cors({ origin: config.corsOrigins, credentials: true, exposedHeaders: ['x-request-id'] }));
  api.use(express.json({ limit: '100kb' }));
  api.use(express.urlencoded({ extended: false, limit: '100kb' }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.get('/health', async (_req, res) => {
    try {
      await db.ping();
      res.json({ status: 'ok', database: 'up' });
    } catch {
      res.status(503).json({ messages: [{ message: 'Database unavailable' }] });
    }
  });
  api.use(authenticate(deps.tokens));
  for (const makeRouter of apiRouters) api.use(makeRouter(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  const clientDist = config.clientDist ?? defaultClientDist;
  if (existsSync(path.join(clientDist, 'index.html'))) {
    app.use(
      express.static(clientDist, {
        index: false,
        setHeaders(res, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    // SPA fallback: every other GET that accepts HTML gets the app shell.
    app.get(/^\/(?!api\/|socket\.io\/).*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(clientDist, 'index.html'));
    });
  }
  app.use(errorHandler);
  return app;
}
