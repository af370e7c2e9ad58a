// Load at a fixed rate: requests spread evenly over time (one every 1/rate s) on a pool of
// keep-alive connections, each timed from the moment it was due. autocannon's overallRate sends
// each second's quota as fast as it can and then waits, so at half a server's capacity half of
// every second is saturated: its p99 there measured the bursts, not the server.
import http from 'node:http';

/**
 * Sends GET `url` `rate` times a second for `durationSeconds` over at most `connections` sockets,
 * then waits for the answers still due. A request waits for a free socket when all are busy, and
 * that wait counts in its latency. Returns runLoad's shape: { requestsPerSecond, latencyMs: { p50,
 * p97_5, p99 }, requests, non2xx, errors, timeouts, bytesPerSecond }.
 */
export async function runPacedLoad(url, { rate, durationSeconds, connections, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * durationSeconds));
  const intervalMs = 1000 / rate;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const startedAt = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const fire = (dueAt) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          latencies.push(performance.now() - dueAt);
          if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx += 1;
          settle();
        });
        response.on('error', fail);
      });
      request.on('error', fail);
    };
    let settled = 0;
    const settle = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const fail = () => {
      errors += 1;
      settle();
    };
    // Every millisecond or so, sends what has fallen due since the last tick, each timed from its own due time.
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
      for (; sent < due; sent += 1) fire(startedAt + sent * intervalMs);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / Math.max(seconds, durationSeconds)),
    latencyMs: {
      p50: percentile(latencies, 0.5),
      p97_5: percentile(latencies, 0.975),
      p99: percentile(latencies, 0.99),
    },
    requests: latencies.length,
    non2xx,
    errors,
    timeouts: 0,
    bytesPerSecond: Math.round(bytes / seconds),
  };
}

/** The value at fraction `p` of ascending `sorted`, to half a millisecond (as autocannon reports). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return Math.round(value * 2) / 2;
}
