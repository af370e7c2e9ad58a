#!/usr/bin/env node
// Starts the built Coffer server for the browser journeys on a fresh data directory, and keeps its
// whole log in e2e/.data/server.log so a journey can prove no secret ever reached it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { journeyServerEnv } from './server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = fileURLToPath(new URL('./.data', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const log = createWriteStream(`${dataDir}/server.log`);
// Stand-ins for the extension's builds, whether or not it was built: the smallest valid zip (an empty
// archive's end record), so the download journey does not depend on packages/extension.
mkdirSync(`${dataDir}/extension`);
const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
for (const browser of ['chromium', 'firefox']) {
  writeFileSync(`${dataDir}/extension/coffer-extension-${browser}.zip`, EMPTY_ZIP);
}
const port = process.env.E2E_PORT ?? '8181';

const server = spawn(process.execPath, ['packages/server/dist/main.js'], {
  cwd: root,
  // Journeys build team organisations (several chests and colleagues): no plan limits unless a run
  // asks for the local ledger (E2E_BILLING=local).
  env: journeyServerEnv({ port, dataDir, billing: process.env.E2E_BILLING ?? 'off' }),
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);
server.stderr.pipe(process.stderr);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
