import { normaliseEmail } from '@coffer/core';
import Database from 'better-sqlite3';
import { databasePath } from './data-dir.js';

/**
 * Sets the auto-logout minutes of the organisation a user belongs to, straight in the server's
 * SQLite file (WAL mode allows this second connection). There is no organisation API yet.
 */
export function setInactivityMinutes(email: string, minutes: number): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare(
        'UPDATE organisations SET inactivity_length = ? WHERE id = (SELECT organisation_id FROM users WHERE email = ?)',
      )
      .run(minutes, normaliseEmail(email)).changes;
    if (changed !== 1) throw new Error(`No organisation for ${email}`);
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
