import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@coffer/core';
import Database from 'better-sqlite3';
import { databasePath } from './data-dir.js';

/** An account written straight into the server's database, as a dishonest server (or its operator) could. */
export interface PlantedAccount {
  id: string;
  name: string;
  email: string;
  publicKey: string;
}

type Row = Record<string, unknown>;

// Copies a row of `table` with some columns changed, whatever columns the schema has grown since.
function insertLike(db: Database.Database, table: string, template: Row, changes: Row): void {
  const row = { ...template, ...changes };
  const columns = Object.keys(row);
  const placeholders = columns.map((column) => `@${column}`).join(', ');
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`).run(row);
}

/**
 * Plants an account in the organisation of `colleagueEmail` and in `teamId`, straight in the
 * server's SQLite file: no administrator added it, no browser made or saw its key. The row copies
 * the colleague's (so every column has a value) with its own id, name, e-mail and public key.
 */
export function plantAccountInTeam(
  colleagueEmail: string,
  teamId: string,
  account: Omit<PlantedAccount, 'id'>,
): PlantedAccount {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const colleague = db.prepare('SELECT * FROM users WHERE email = ?').get(normaliseEmail(colleagueEmail)) as
      | Row
      | undefined;
    if (!colleague) throw new Error(`No user ${colleagueEmail}`);
    const membership = db.prepare('SELECT * FROM memberships WHERE user_id = ? LIMIT 1').get(colleague.id) as
      | Row
      | undefined;
    if (!membership) throw new Error(`${colleagueEmail} belongs to no team to copy a membership from`);
    const id = randomUUID();
    const now = new Date().toISOString();
    db.transaction(() => {
      insertLike(db, 'users', colleague, {
        id,
        name: account.name,
        email: normaliseEmail(account.email),
        public_key: account.publicKey,
        administrator: 0,
        data_administrator: 0,
        first_time: 0,
        must_change_password: 0,
        otp_required_for_login: 0,
        otp_secret_encrypted: null,
        created_at: now,
        updated_at: now,
      });
      insertLike(db, 'memberships', membership, {
        id: randomUUID(),
        team_id: teamId,
        user_id: id,
        edit_access: 0,
        created_at: now,
        updated_at: now,
      });
      // The server keeps the pairs that lack a key (missing_keys) as each change happens; a server
      // that planted an account would list its pairs too: the team's chests' visible secrets.
      db.prepare(
        `INSERT OR IGNORE INTO missing_keys (organisation_id, secret_id, user_id)
         SELECT s.organisation_id, s.id, @user FROM secrets s
         JOIN assignments a ON a.vault_id = s.vault_id AND a.team_id = @team
         WHERE s.hidden = 0`,
      ).run({ user: id, team: teamId });
    })();
    return { id, ...account };
  } finally {
    db.close();
  }
}

/** How many wrapped keys the server holds for a user. */
export function countWrappedKeys(userId: string): number {
  const db = new Database(databasePath, { fileMustExist: true, readonly: true });
  try {
    const row = db.prepare('SELECT COUNT(*) AS count FROM secret_keys WHERE user_id = ?').get(userId) as {
      count: number;
    };
    return row.count;
  } finally {
    db.close();
  }
}

/** The wrapped keys the server holds for a user: which secret, and the value. */
export function wrappedKeysOf(userId: string): { secret_id: string; encrypted_value: string }[] {
  const db = new Database(databasePath, { fileMustExist: true, readonly: true });
  try {
    return db.prepare('SELECT secret_id, encrypted_value FROM secret_keys WHERE user_id = ?').all(userId) as {
      secret_id: string;
      encrypted_value: string;
    }[];
  } finally {
    db.close();
  }
}
