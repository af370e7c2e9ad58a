import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrateDown, migrateToLatest } from './db/migrator.js';

/** CLI: `node dist/migrate.js` runs pending migrations; `node dist/migrate.js down` undoes the last one. */
async function run(direction: string): Promise<void> {
  if (direction !== 'up' && direction !== 'down') throw new Error('Usage: migrate.js [up|down]');
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    const names = direction === 'up' ? await migrateToLatest(database.db) : await migrateDown(database.db);
    const verb = direction === 'up' ? 'Applied' : 'Reverted';
    console.log(names.length ? `${verb}: ${names.join(', ')}` : 'Nothing to do: the schema is up to date.');
  } finally {
    await database.destroy();
  }
}

run(process.argv[2] ?? 'up').catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
