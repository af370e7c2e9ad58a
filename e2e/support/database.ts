import Database from 'better-sqlite3';
import { databasePath } from './data-dir.js';

/**
 * The rows an organisation still has, per table (tables with none are left out): its own row in
 * `organisations` and every row carrying its `organisation_id`. Read straight from the server's
 * SQLite file (WAL mode allows this second connection).
 */
export function countOrganisationRows(organisationId: string): Record<string, number> {
  const db = new Database(databasePath, { fileMustExist: true, readonly: true });
  try {
    const counts: Record<string, number> = {};
    const count = (sql: string) => (db.prepare(sql).get(organisationId) as { n: number }).n;
    const organisations = count('SELECT COUNT(*) AS n FROM organisations WHERE id = ?');
    if (organisations > 0) counts.organisations = organisations;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    for (const { name } of tables) {
      const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[];
      if (!columns.some((column) => column.name === 'organisation_id')) continue;
      const rows = count(`SELECT COUNT(*) AS n FROM "${name}" WHERE organisation_id = ?`);
      if (rows > 0) counts[name] = rows;
    }
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Overwrites one user's wrapped key of a secret straight in the server's SQLite file: a key that
 * does not open for them (say, wrapped under the wrong label), as a faulty client could have stored.
 */
export function replaceWrappedKey(secretId: string, userId: string, encryptedValue: string): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE secret_keys SET encrypted_value = ? WHERE secret_id = ? AND user_id = ?')
      .run(encryptedValue, secretId, userId).changes;
    if (changed !== 1) throw new Error(`No key of secret ${secretId} for user ${userId}`);
  } finally {
    db.close();
  }
}
