import { z } from 'zod';

// Environment -> validated config. Fails fast with every problem named, before anything starts.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((s) => s.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  CLIENT_URL: z.string().url().optional(),
  CLIENT_ORIGIN: z.string().optional(),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').optional(),
  DATA_DIR: z.string().default('.data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: list.default([]),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: bool.default(true),
  TRUST_PROXY: bool.default(false),
  CLIENT_DIST: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:admin@tapquest.local'),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_USERNAME_MAX: z.coerce.number().int().positive().default(120),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/userinfo'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_AUTH_URL: z.string().url().default('https://appleid.apple.com/auth/authorize'),
  APPLE_TOKEN_URL: z.string().url().default('https://appleid.apple.com/auth/token'),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUER: z.string().default('https://appleid.apple.com'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where the API is reached from outside (tap URLs, OAuth callbacks). */
  publicUrl: string;
  /** Where browsers are sent back to (tap and OAuth redirects). */
  clientUrl: string;
  /** CORS: the client origins allowed to call the API from another origin. */
  corsOrigins: string[];
  mongoUri?: string;
  dataDir: string;
  jwtSecret?: string;
  adminEmails: string[];
  redisUrl?: string;
  logLevel: string;
  seed: boolean;
  trustProxy: boolean;
  clientDist?: string;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  rateLimit: { windowMs: number; authMax: number; usernameMax: number };
  google: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; userInfoUrl: string };
  apple: {
    clientId?: string;
    teamId?: string;
    keyId?: string;
    privateKey?: string;
    authUrl: string;
    tokenUrl: string;
    jwksUrl: string;
    issuer: string;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const clientUrl = (e.CLIENT_URL ?? publicUrl).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    clientUrl,
    corsOrigins: (e.CLIENT_ORIGIN ?? clientUrl).split(',').map((s) => s.trim()).filter(Boolean),
    mongoUri: e.MONGODB_URI,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    trustProxy: e.TRUST_PROXY,
    clientDist: e.CLIENT_DIST,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, authMax: e.RATE_LIMIT_AUTH_MAX, usernameMax: e.RATE_LIMIT_USERNAME_MAX },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      userInfoUrl: e.GOOGLE_USERINFO_URL,
    },
    apple: {
      clientId: e.APPLE_CLIENT_ID,
      teamId: e.APPLE_TEAM_ID,
      keyId: e.APPLE_KEY_ID,
      privateKey: e.APPLE_PRIVATE_KEY?.replace(/\\n/g, '\n'),
      authUrl: e.APPLE_AUTH_URL,
      tokenUrl: e.APPLE_TOKEN_URL,
      jwksUrl: e.APPLE_JWKS_URL,
      issuer: e.APPLE_ISSUER,
    },
  };
}
