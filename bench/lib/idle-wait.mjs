// Waiting for a server to finish the requests a load left behind. When autocannon stops, each of
// its connections may still have a request queued in the server; on a slow route (50 × 200 ms)
// that is seconds of work that would run during the next server's round and slow it down.
import { readFileSync } from 'node:fs';
import { delay } from './child-process.mjs';

const POLL_MS = 100;
const QUIET_POLLS = 3;

/**
 * Resolves once every process of `target` (its pid, plus cpuPids() when it has them, e.g.
 * PostgreSQL backends) has been asleep (state S, waiting for work) for three polls in a row, 100 ms
 * apart, or after `maxMs`. A process waiting for a CPU on a busy machine is runnable (R), not
 * asleep, so it counts as busy however little CPU it gets. Returns the milliseconds waited.
 */
export async function waitForIdle(target, { maxMs = 60_000 } = {}) {
  const startedAt = performance.now();
  let quiet = 0;
  while (performance.now() - startedAt < maxMs) {
    const pids = target.cpuPids ? await target.cpuPids() : [target.pid];
    quiet = pids.every((pid) => isAsleep(pid)) ? quiet + 1 : 0;
    if (quiet >= QUIET_POLLS) break;
    await delay(POLL_MS);
  }
  return Math.round(performance.now() - startedAt);
}

// The main thread's state, the first field after "pid (comm) " in /proc/<pid>/stat; a gone process is asleep.
function isAsleep(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'R' && state !== 'D';
  } catch {
    return true;
  }
}
