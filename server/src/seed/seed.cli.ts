import { loadConfig } from '../config.js';
import { connectDatabase } from '../platform/database.js';
import { createLogger } from '../platform/logger.js';
import { describeSeed, seedDemoData } from './seed.js';

// npm run seed -w @tapquest/server: seeds the demo data into MONGODB_URI, or into the embedded
// engine's files under DATA_DIR (stop a server using the same DATA_DIR first). Idempotent.
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
try {
  const summary = await seedDemoData({ config });
  console.log(
    `Seeded ${db.embedded ? `the embedded engine in ${config.dataDir}` : 'MongoDB'} (existing documents were left as they were).`,
  );
  console.log(describeSeed(summary));
} finally {
  await db.close();
}
