#!/usr/bin/env node
// `npm run restore -- <backup folder>`: puts a backup of `npm run backup` back (docs/operations.md).
// Stop every Coffer server first. Reads DATA_DIR (default ./data) and DATABASE_URL, like the server.
//   SQLite      refuses while the database is open elsewhere (a running server); moves the current
//               database (with its -wal and -shm) and server-secrets.json aside into
//               DATA_DIR/before-restore-<UTC time>/, then puts the backup in place (mode 0600).
//   PostgreSQL  pg_restore --clean --if-exists in one transaction into DATABASE_URL.
// The backup's server-secrets.json comes back too. The next start runs any newer migrations.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import path from 'node:path';
import { openSqlite, resolveSettings, SECRETS_FILE, SQLITE_FILE } from './backup-common.mjs';

function main(args) {
  if (!args[0]) throw new Error('Name the backup folder: npm run restore -- backups/coffer-…');
  const folder = path.resolve(args[0]);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'backup.json'), 'utf8'));
  const settings = resolveSettings(process.env);
  const engine = settings.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== engine) {
    throw new Error(`This is a ${manifest.database} backup, and the settings name ${engine}.`);
  }
  mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  const aside = path.join(
    settings.dataDir,
    `before-restore-${new Date().toISOString().replaceAll(':', '-')}`,
  );
  if (engine === 'sqlite') restoreSqlite(path.join(folder, manifest.file), settings.dataDir, aside);
  else restorePostgres(path.join(folder, manifest.file), settings.databaseUrl);
  if (manifest.server_secrets) {
    const target = path.join(settings.dataDir, SECRETS_FILE);
    const source = path.join(folder, manifest.server_secrets);
    if (existsSync(target) && !readFileSync(target).equals(readFileSync(source))) moveAside(target, aside);
    copyFileSync(source, target);
    chmodSync(target, 0o600);
  } else {
    console.warn(
      'The backup holds no server-secrets.json: start the server with the SERVER_SECRET_KEY it had.',
    );
  }
  console.log(`Restored the ${engine} backup of ${manifest.created_at}.`);
  if (existsSync(aside)) console.log(`What was there before is in ${aside}`);
}

function restoreSqlite(source, dataDir, aside) {
  const copy = openSqlite(source);
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup failed its integrity check: ${result}`);
  } finally {
    copy.close();
  }
  const target = path.join(dataDir, SQLITE_FILE);
  if (existsSync(target)) {
    assertNotInUse(target);
    // The -wal and -shm files belong to the database beside them: left behind, a crashed
    // server's WAL would be replayed into the restored file.
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(`${target}${suffix}`)) moveAside(`${target}${suffix}`, aside);
    }
  }
  const incoming = `${target}.restoring`;
  copyFileSync(source, incoming);
  chmodSync(incoming, 0o600);
  const fd = openSync(incoming, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(incoming, target);
}

/** A running server holds the database open; an exclusive lock is then refused at once. */
function assertNotInUse(file) {
  const database = openSqlite(file, { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE');
    database.exec('COMMIT');
  } catch {
    throw new Error(`${file} is in use: stop the Coffer server before restoring.`);
  } finally {
    database.close();
  }
}

function moveAside(file, aside) {
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  renameSync(file, path.join(aside, path.basename(file)));
}

function restorePostgres(dump, databaseUrl) {
  const run = spawnSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      dump,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.error)
    throw new Error(`pg_restore could not run (${run.error.message}): install the PostgreSQL client`);
  if (run.status !== 0) throw new Error(`pg_restore failed (exit ${run.status})`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
