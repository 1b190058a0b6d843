#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index.js';

// Runs the engine as its own process: `npx tsx src/cli.ts --port 27017 --data-dir .data/db`.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '27017' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('usage: embedded-mongo [--port 27017] [--host 127.0.0.1] [--data-dir DIR]  (no --data-dir = in-memory; port 0 = any free port)\n  env EMBEDDED_MONGO_COMPACT_BYTES: journal size that triggers compaction into a snapshot (default 64 MiB)');
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid --port ${values.port}`);
  process.exit(2);
}

let mongo;
try {
  mongo = await startEmbeddedMongo({
    port,
    host: values.host,
    dataDir: values['data-dir'],
    onCompaction: (e) => {
      if (e.phase === 'finished') console.log(`embedded-mongo: journal compacted into snapshot ${e.generation} (${e.documents} documents, ${e.bytes} bytes, ${e.ms} ms)`);
    },
  });
} catch (err) {
  // A locked or unreadable data directory: say why, without a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
console.log(`embedded-mongo listening on ${mongo.uri} (${values['data-dir'] ? `data dir ${values['data-dir']}` : 'in-memory'})`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`embedded-mongo: ${signal} received, stopping`);
  await mongo.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
