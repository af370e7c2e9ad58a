// After the rows are in: the server's missing_keys table made from them (the rows went in directly,
// not through the server), and the counts written into the manifest. Every reader holds a key in
// the seeded dataset, so none may be missing: a count above zero means the dataset's reader rules
// (reader-keys.mjs) no longer mirror the server's.
import { rebuildMissingKeysOf } from './server-code.mjs';

/**
 * Rebuilds missing_keys for every organisation of `manifest` on `database` ({ sqliteFile } or
 * { databaseUrl }), records `missingKeys` per organisation and in total, and throws if any is
 * missing. Returns the seconds it took.
 */
export async function recordMissingKeys(database, manifest) {
  const startedAt = performance.now();
  const organisations = Object.values(manifest.organisations);
  const counts = await rebuildMissingKeysOf(
    database,
    organisations.map((organisation) => organisation.id),
  );
  let total = 0;
  for (const organisation of organisations) {
    organisation.missingKeys = counts[organisation.id];
    total += organisation.missingKeys;
  }
  manifest.missingKeys = total;
  if (total > 0) {
    const where = organisations.filter((o) => o.missingKeys > 0).map((o) => `${o.name}: ${o.missingKeys}`);
    throw new Error(
      `the seeded dataset misses keys the server expects (${where.join(', ')}): ` +
        'bench/dataset/reader-keys.mjs no longer mirrors repositories/reader-sql.ts',
    );
  }
  return Math.round((performance.now() - startedAt) / 100) / 10;
}
