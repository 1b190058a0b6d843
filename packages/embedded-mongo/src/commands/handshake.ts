import os from 'node:os';
import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE_BYTES } from '../wire/framing.js';
import type { CommandContext, CommandHandler } from './context.js';

export const SERVER_VERSION = '7.0.0';
// Wire version 21 = MongoDB 7.0: inside the driver's supported range (it needs >= 9).
export const MAX_WIRE_VERSION = 21;

/**
 * Deliberately absent from the reply: logicalSessionTimeoutMinutes (so drivers
 * never attach sessions or start transactions), topologyVersion (so they don't
 * use streaming hello) and setName (we're a standalone).
 */
function hello(cmd: Document, ctx: CommandContext): Document {
  const reply: Document = {
    helloOk: true,
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    connectionId: ctx.connection.id,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
  // Auth isn't implemented; answering with an empty mechanism list makes the driver fail clearly if credentials are given.
  if (typeof cmd.saslSupportedMechs === 'string') reply.saslSupportedMechs = [];
  return reply;
}

function buildInfo(): Document {
  return {
    version: SERVER_VERSION,
    gitVersion: 'embedded-mongo',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    javascriptEngine: 'none',
    storageEngines: ['embedded'],
    modules: [],
    openssl: { running: 'disabled' },
    ok: 1,
  };
}

const PARAMETERS: Record<string, unknown> = {
  featureCompatibilityVersion: { version: '7.0' },
  authenticationMechanisms: [],
  internalQueryMaxBlockingSortMemoryUsageBytes: 100 * 1024 * 1024,
};

function getParameter(cmd: Document): Document {
  const reply: Document = {};
  const wantsAll = cmd.getParameter === '*' || cmd.getParameter?.allParameters === true;
  for (const name of Object.keys(PARAMETERS)) {
    if (wantsAll || name in cmd) reply[name] = PARAMETERS[name];
  }
  if (!wantsAll && !Object.keys(reply).length) throw new MongoError('InvalidOptions', 'no option found to get');
  return { ...reply, ok: 1 };
}

function getLog(cmd: Document): Document {
  if (cmd.getLog === '*') return { names: ['global', 'startupWarnings'], ok: 1 };
  if (cmd.getLog === 'global' || cmd.getLog === 'startupWarnings') return { totalLinesWritten: 0, log: [], ok: 1 };
  throw new MongoError('BadValue', `No log named '${String(cmd.getLog)}'`);
}

function hostInfo(): Document {
  return {
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuAddrSize: 64,
      memSizeMB: Math.round(os.totalmem() / 1024 / 1024),
      numCores: os.cpus().length,
      cpuArch: os.arch(),
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  };
}

function serverStatus(_cmd: Document, ctx: CommandContext): Document {
  const uptimeMillis = Date.now() - ctx.engine.startedAt;
  return {
    host: `${os.hostname()}:${ctx.engine.port()}`,
    version: SERVER_VERSION,
    process: 'embedded-mongo',
    pid: process.pid,
    uptime: Math.floor(uptimeMillis / 1000),
    uptimeMillis,
    localTime: new Date(),
    connections: { current: ctx.engine.connectionCount(), available: 10_000, totalCreated: ctx.connection.id },
    // Not a MongoDB section: how this engine stores data (memory, or journal + snapshots).
    embeddedStorage: ctx.engine.storage(),
    ok: 1,
  };
}

const refuseTransactions: CommandHandler = () => {
  throw new MongoError('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
};

export const handshakeCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: () => ({ ok: 1 }),
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  getLog,
  hostInfo,
  serverStatus,
  whatsmyuri: (_cmd, ctx) => ({ you: ctx.connection.remote, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  endSessions: () => ({ ok: 1 }),
  killAllSessions: () => ({ ok: 1 }),
  commitTransaction: refuseTransactions,
  abortTransaction: refuseTransactions,
};
