// The built server's own modules (packages/server/dist), for what the dataset must do exactly as the
// server does: the schema (its migrations) and the missing keys (its rebuildMissingKeys).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, SERVER_DIST } from '../lib/paths.mjs';

/** Imports a module of the built server by its path under dist/, e.g. 'db/migrator.js'. */
export function importServer(relative) {
  return import(pathToFileURL(path.join(SERVER_DIST, relative)).href);
}

/**
 * Runs `work(db)` on the server's own Kysely over a database: `{ sqliteFile }` or `{ databaseUrl }`
 * (never printed). Closes it afterwards.
 */
export async function withServerDatabase({ sqliteFile, databaseUrl }, work) {
  const { createDatabase } = await importServer('db/create-database.js');
  const handle = await createDatabase(
    { databaseUrl: databaseUrl ?? null, dataDir: CACHE_DIR },
    sqliteFile ? { sqliteFilename: sqliteFile } : {},
  );
  try {
    return await work(handle.db);
  } finally {
    await handle.destroy();
  }
}

/**
 * Recomputes the missing_keys table of each organisation (ids) with the server's
 * rebuildMissingKeys, each in a transaction, as tools that write rows directly must. Returns
 * { [organisation id]: how many keys are missing }.
 */
export async function rebuildMissingKeysOf(database, organisationIds) {
  const { rebuildMissingKeys } = await importServer('repositories/missing-key-repository.js');
  return withServerDatabase(database, async (db) => {
    const counts = {};
    for (const id of organisationIds) {
      counts[id] = await db.transaction().execute((trx) => rebuildMissingKeys(trx, id));
    }
    return counts;
  });
}
