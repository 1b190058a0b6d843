import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const log = server.deps.logger;
  const shown = config.publicUrl;
  console.log(`\n  Tapquest is running at ${shown}\n  API ${shown}/api   database ${server.deps.db.embedded ? `embedded engine (${config.dataDir})` : 'MongoDB'}\n`);
  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
