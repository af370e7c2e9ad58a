#!/usr/bin/env node
// `npm run backup [-- <folder>]`: an online, consistent copy of Coffer's data while the server runs
// (docs/operations.md). Reads the server's own variables: DATA_DIR (default ./data) and DATABASE_URL.
//   SQLite      SQLite's backup API, all pages in one step (one read transaction of the WAL, so the
//               copy is the database as of one commit, and writers are never blocked), then
//               integrity_check on the copy.
//   PostgreSQL  pg_dump --format=custom (one repeatable-read snapshot).
// Either way the backup folder also gets DATA_DIR/server-secrets.json (the key that seals TOTP
// seeds: without it two-step sign-in cannot be read back) and a manifest. The folder is
// <folder>/coffer-<UTC time>, mode 0700, files 0600; <folder> defaults to BACKUP_DIR or ./backups.
// Prints the folder's path on its last line.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, readMigrations, resolveSettings, SECRETS_FILE, SQLITE_FILE } from './backup-common.mjs';

const FULL_STEP = 0x7fffffff;

async function main(args) {
  const settings = resolveSettings(process.env);
  const parent = path.resolve(args[0] ?? process.env.BACKUP_DIR ?? './backups');
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const folder = path.join(parent, `coffer-${new Date().toISOString().replaceAll(':', '-')}`);
  mkdirSync(folder, { mode: 0o700 });

  const manifest = {
    created_at: new Date().toISOString(),
    database: settings.databaseUrl ? 'postgres' : 'sqlite',
  };
  if (settings.databaseUrl) {
    dumpPostgres(settings.databaseUrl, path.join(folder, 'coffer.pgdump'));
    manifest.file = 'coffer.pgdump';
  } else {
    const source = path.join(settings.dataDir, SQLITE_FILE);
    if (!existsSync(source)) throw new Error(`No database at ${source}: is DATA_DIR right?`);
    const target = path.join(folder, SQLITE_FILE);
    await backupSqlite(source, target);
    manifest.file = SQLITE_FILE;
    manifest.migrations = readMigrations(target);
  }

  const secrets = path.join(settings.dataDir, SECRETS_FILE);
  if (existsSync(secrets)) {
    copyFileSync(secrets, path.join(folder, SECRETS_FILE));
    chmodSync(path.join(folder, SECRETS_FILE), 0o600);
    manifest.server_secrets = SECRETS_FILE;
  } else {
    manifest.server_secrets = null;
    console.warn(
      `No ${SECRETS_FILE} in DATA_DIR: keep the SERVER_SECRET_KEY this server runs with together with ` +
        'this backup, or two-step verification cannot be read after a restore.',
    );
  }
  writeFileSync(path.join(folder, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  console.log(`Backup written (${manifest.database}):`);
  console.log(folder);
}

/** SQLite's online backup API from a connection of our own; the copy is checked before it counts. */
async function backupSqlite(source, target) {
  const database = openSqlite(source);
  try {
    await database.backup(target, { progress: () => FULL_STEP });
  } finally {
    database.close();
  }
  chmodSync(target, 0o600);
  const copy = openSqlite(target);
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The copy failed its integrity check: ${result}`);
  } finally {
    copy.close();
  }
}

function dumpPostgres(databaseUrl, target) {
  const run = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${databaseUrl}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.error)
    throw new Error(`pg_dump could not run (${run.error.message}): install the PostgreSQL client`);
  if (run.status !== 0) throw new Error(`pg_dump failed (exit ${run.status})`);
  chmodSync(target, 0o600);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`backup: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
