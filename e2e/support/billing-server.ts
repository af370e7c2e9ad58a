import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { journeyServerEnv } from '../server-env.mjs';
import { dataDir } from './data-dir.js';

// The journeys' server runs with BILLING=off (start-server.mjs: their organisations grow past the
// free plan). The billing journey needs the local ledger, so it starts a second built server of its
// own with BILLING=local, on the port after the journeys' one plus 1000, with its own database.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The billing server's port: E2E_PORT + 1000, so parallel runs on distinct E2E_PORTs stay apart. */
export const billingPort = Number(process.env.E2E_PORT ?? 8181) + 1000;

/** The billing server's base URL, for `test.use({ baseURL })`. */
export const billingBaseUrl = `http://127.0.0.1:${billingPort}`;

/** Its data directory and whole log (inside the run's e2e/.data, which start-server.mjs makes fresh). */
export const billingDataDir = path.join(dataDir, 'billing-local');
const billingLogPath = path.join(billingDataDir, 'server.log');

/** A running server of the built app with BILLING=local, and how to stop it. */
export interface BillingServer {
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the built server with BILLING=local on a fresh database and waits until /healthz answers. */
export function startBillingServer(): Promise<BillingServer> {
  return startProviderServer({ port: billingPort, dataDir: billingDataDir, billing: 'local' });
}

/** Where and how a billing journey's server runs. */
export interface ProviderServerOptions {
  port: number;
  dataDir: string;
  billing: 'off' | 'local' | 'stripe';
  /** More environment (the Stripe stand-in's keys and address, an SMTP_URL). */
  env?: Record<string, string>;
}

/** Starts the built server with the given billing on a fresh database; waits until /healthz answers. */
export async function startProviderServer(options: ProviderServerOptions): Promise<BillingServer> {
  const { port, dataDir: serverDataDir } = options;
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = path.join(serverDataDir, 'server.log');
  await rm(serverDataDir, { recursive: true, force: true });
  await mkdir(serverDataDir, { recursive: true });
  // One outbox for both servers: the journeys' mail helpers (outbox.ts) read e2e/.data/outbox.
  const sharedOutbox = path.join(dataDir, 'outbox');
  await mkdir(sharedOutbox, { recursive: true });
  await symlink(sharedOutbox, path.join(serverDataDir, 'outbox'), 'dir');
  const log = createWriteStream(logPath);
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...journeyServerEnv({ port, dataDir: serverDataDir, billing: options.billing }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(child, baseUrl, logPath);
  return {
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}

// Polls /healthz until the server answers (it migrates a fresh database first) or exits.
async function waitForHealth(child: ChildProcess, baseUrl: string, logPath: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The billing server exited (${child.exitCode}); see ${logPath}`);
    try {
      const answer = await fetch(`${baseUrl}/healthz`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The billing server did not answer /healthz within 60 s');
}

/** The billing server's whole log so far. */
export function readBillingServerLog(): Promise<string> {
  return readFile(billingLogPath, 'utf8');
}
