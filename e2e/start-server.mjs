#!/usr/bin/env node
// Starts the built Coffer server for the browser journeys on a fresh data directory, and keeps its
// whole log in e2e/.data/server.log so a journey can prove no secret ever reached it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = fileURLToPath(new URL('./.data', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const log = createWriteStream(`${dataDir}/server.log`);
const port = process.env.E2E_PORT ?? '8181';

const server = spawn(process.execPath, ['packages/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: '',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    COFFER_E2E: '1',
    // Journeys build team organisations (several chests and colleagues): no plan limits unless a run
    // asks for the local ledger (E2E_BILLING=local, for the billing journeys).
    BILLING: process.env.E2E_BILLING ?? 'off',
    // Every journey comes from 127.0.0.1, so the per-address limits (sized for one person) would count
    // the whole suite as one guesser. Per-account limits stay as shipped; their own server tests cover them.
    ...Object.fromEntries(
      [
        'PRELOGIN',
        'SIGN_IN',
        'TWO_FACTOR_CHECK',
        'PASSWORD_CHECK',
        'REGISTRATION',
        'CONFIRMATION_RESEND',
      ].map((stem) => [`RATE_LIMIT_${stem}_PER_IP`, '100000/1h']),
    ),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);
server.stderr.pipe(process.stderr);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
