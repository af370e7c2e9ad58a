// One autocannon run, reduced to the numbers the tables show.
import autocannon from 'autocannon';
import { runPacedLoad } from './paced-load.mjs';

/** The load every HTTP comparison uses unless a benchmark says otherwise (env overrides them). */
export const DEFAULT_LOAD = Object.freeze({
  durationSeconds: readNumber('BENCH_DURATION', 8),
  warmupSeconds: readNumber('BENCH_WARMUP', 2),
  rounds: readNumber('BENCH_ROUNDS', 3),
  connections: readNumber('BENCH_CONNECTIONS', 50),
  pipelining: 1,
});

/**
 * Runs autocannon against `url` and returns
 * { requestsPerSecond, latencyMs: { p50, p97_5, p99 }, requests, non2xx, errors, timeouts, bytesPerSecond }.
 * options: durationSeconds, connections, pipelining, method, headers, body; overallRate (requests/s):
 * GETs at that fixed rate instead (paced-load.mjs).
 */
export async function runLoad(url, options = {}) {
  const settings = { ...DEFAULT_LOAD, ...options };
  if (settings.overallRate) {
    return runPacedLoad(url, {
      rate: settings.overallRate,
      durationSeconds: settings.durationSeconds,
      connections: settings.connections,
      headers: settings.headers,
    });
  }
  const result = await autocannon({
    url,
    method: settings.method ?? 'GET',
    headers: settings.headers,
    body: settings.body,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: settings.durationSeconds,
  });
  const seconds = result.duration || settings.durationSeconds;
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: Math.round(result.throughput.total / seconds),
  };
}

function readNumber(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}
