// How much CPU the rest of the machine used while we measured: the kernel's busy time
// (/proc/stat) minus the time of this process, its descendants (servers, a browser) and the
// processes we name (PostgreSQL backends).
// Other engineers' tests running at the same time make the numbers noisy; this says when.
import { readdirSync, readFileSync } from 'node:fs';

/** Average use by other processes, in cores, above which a measurement is marked provisional. */
export const SHARED_MACHINE_CORES = 0.15;

const POLL_INTERVAL_MS = 500;

/**
 * Starts watching. This process and all its descendants (child servers, Chromium) count as ours,
 * and so do `sources`: pids, or functions returning (a promise of) pids, such as PostgreSQL
 * backends. All are polled every 500 ms, so processes that come and go are counted too.
 * `await stop()` returns { foreignCores, ourCores, seconds }: the average number of cores busy
 * with other processes, and with ours.
 */
export function startCpuWatch(sources = []) {
  const processes = new Map(); // pid → { first, last } jiffies
  const poll = async () => {
    for (const pid of await listPids(sources)) {
      const jiffies = readProcessJiffies(String(pid));
      if (jiffies === null) continue;
      const seen = processes.get(pid);
      if (seen) seen.last = jiffies;
      else processes.set(pid, { first: jiffies, last: jiffies });
    }
  };
  const start = readSystem();
  const startedAt = performance.now();
  let polling = poll();
  const timer = setInterval(() => {
    polling = polling.then(poll, poll);
  }, POLL_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await polling.catch(() => {});
      await poll().catch(() => {});
      const end = readSystem();
      const seconds = round((performance.now() - startedAt) / 1000);
      const totalDelta = end.total - start.total;
      if (totalDelta <= 0) return { foreignCores: 0, ourCores: 0, seconds };
      const cores = (jiffies) => round((jiffies / totalDelta) * end.cpus);
      let ours = end.self - start.self;
      for (const { first, last } of processes.values()) ours += last - first;
      const foreign = Math.max(0, end.busy - start.busy - ours);
      return { foreignCores: cores(foreign), ourCores: cores(ours), seconds };
    },
  };
}

/** Combines several windows' results (weighted by their length). */
export function mergeCpuWatches(results) {
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  if (seconds === 0) return { foreignCores: 0, ourCores: 0, seconds: 0 };
  const weighted = (key) => round(results.reduce((sum, r) => sum + r[key] * r.seconds, 0) / seconds);
  return { foreignCores: weighted('foreignCores'), ourCores: weighted('ourCores'), seconds: round(seconds) };
}

async function listPids(sources) {
  const lists = await Promise.all(
    sources.map((source) => (typeof source === 'function' ? source() : [source])),
  );
  return [...new Set([...lists.flat(), ...listDescendants(process.pid)])];
}

/** Every live descendant of `rootPid` (children, their children…), from each process's parent in /proc. */
export function listDescendants(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = readParentPid(entry);
    if (parent === null) continue;
    const siblings = children.get(parent) ?? [];
    siblings.push(Number(entry));
    children.set(parent, siblings);
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function readParentPid(pid) {
  const stat = readStat(pid);
  if (stat === null) return null;
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function readStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

function readSystem() {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const [, ...fields] = (lines[0] ?? '').trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const cpus = lines.filter((line) => /^cpu\d+ /.test(line)).length;
  // Interrupt time is left out of "busy": the kernel may not charge it to the process it serves.
  const busy = user + nice + system;
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy, total, cpus, self: readProcessJiffies('self') ?? 0 };
}

/**
 * utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat), in clock ticks, or null when it
 * is gone. Children reaped by it are not added: they were polled while alive, and counting their
 * time again would count it twice.
 */
export function readProcessJiffies(pid) {
  const stat = readStat(pid);
  if (stat === null) return null;
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  // After "pid (comm) ", field 3 (state) is index 0, so field n is index n - 3.
  return fields[11] + fields[12];
}

function round(value) {
  return Math.round(value * 100) / 100;
}
