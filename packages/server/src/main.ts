import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrateToLatest } from './db/migrator.js';
import { loadServerSecrets } from './server-secrets.js';

const FORCED_EXIT_MS = 10_000;

/** Starts Coffer: configuration, database and migrations, then the HTTP server. */
async function start(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  const serverSecrets = await loadServerSecrets(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, serverSecrets });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.dialect, billing: config.billing },
    `Coffer is listening on ${config.publicUrl} (bound to ${config.host}:${config.port})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

start().catch((error: unknown) => {
  // A configuration error names the variable and never its value; anything else prints in full.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
