// Resident memory of a process, as the kernel counts it (VmRSS in /proc/<pid>/status).
import { readFileSync } from 'node:fs';

const SAMPLE_INTERVAL_MS = 100;

/** The process's resident set size in bytes, or null when it has exited. */
export function readRssBytes(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * Samples the RSS of each pid every 100 ms until stop(), which returns
 * { [pid]: { peakBytes, samples } }. Used to find the peak under load.
 */
export function startRssSampler(pids, intervalMs = SAMPLE_INTERVAL_MS) {
  const stats = new Map(pids.map((pid) => [pid, { peakBytes: 0, samples: 0 }]));
  const sample = () => {
    for (const [pid, stat] of stats) {
      const rss = readRssBytes(pid);
      if (rss === null) continue;
      stat.samples += 1;
      stat.peakBytes = Math.max(stat.peakBytes, rss);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries(stats);
    },
  };
}
