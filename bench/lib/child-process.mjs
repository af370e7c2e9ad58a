// Starting and stopping a server child process: output to a log file (never a pipe that could
// fill up and stall the server), readiness by polling a URL, SIGTERM then SIGKILL to stop.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { registerCleanup } from './cleanup.mjs';

const STOP_GRACE_MS = 10_000;
const LOG_TAIL_CHARS = 4_000;

/**
 * Spawns `node <args>` with stdout and stderr appended to `logFile`, registered for cleanup.
 * Returns { pid, child, exited (a promise of the exit code), logTail(), stop() }.
 */
export function spawnNode({ name, args, env, logFile, ipc = false }) {
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', logFd, logFd, ...(ipc ? ['ipc'] : [])],
  });
  closeSync(logFd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const logTail = () => readTail(logFile);
  const stop = async () => {
    unregister();
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const unregister = registerCleanup({ name, stop, kill: () => child.kill('SIGKILL') });
  return { pid: child.pid, child, exited, logTail, stop };
}

/**
 * Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. Throws with the
 * child's log tail so a failed start explains itself.
 */
export async function waitForHttp(url, service, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode = null;
  void service.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      throw new Error(`server exited (${exitCode}) before ${url} answered:\n${service.logTail()}`);
    }
    if (await answersOk(url)) return;
    await delay(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${service.logTail()}`);
}

/** Resolves after `ms` milliseconds. */
export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answersOk(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function readTail(file) {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-LOG_TAIL_CHARS);
  } catch {
    return '(no log)';
  }
}
