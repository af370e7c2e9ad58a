// How long other requests wait while one request runs: a few keep-alive connections asking for the
// same page back to back, every request's start and end kept, so the requests that overlapped a
// window (a slow write, a transaction) can be told from the rest. Light enough to leave the server
// mostly to the request being timed; autocannon (runLoad) keeps only percentiles of a whole run.
import http from 'node:http';

/**
 * Starts `connections` loops of `GET url` (with `headers`) on 127.0.0.1. `await stop()` ends them
 * after their current request and returns [{ startMs, endMs, status }] (performance.now() times, in
 * the order they ended); a failed request has status 0.
 */
export function startLatencyProbe(url, { connections = 4, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const samples = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const startMs = performance.now();
      const status = await requestOnce(url, headers, agent);
      samples.push({ startMs, endMs: performance.now(), status });
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return samples;
    },
  };
}

function requestOnce(url, headers, agent) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
  });
}

/**
 * Splits probe samples by a window [fromMs, toMs]: `during` are the requests that were in flight
 * at some moment of it, `outside` the others. Each side: { count, p50, p99, longest } (whole ms of
 * 2xx answers; null when none) and `failed` (non-2xx answers and errors).
 */
export function summariseAround(samples, { fromMs, toMs }) {
  const overlaps = (sample) => sample.startMs <= toMs && sample.endMs >= fromMs;
  return {
    during: summarise(samples.filter(overlaps)),
    outside: summarise(samples.filter((sample) => !overlaps(sample))),
  };
}

function summarise(samples) {
  const ok = samples.filter((sample) => sample.status >= 200 && sample.status < 300);
  const durations = ok.map((sample) => sample.endMs - sample.startMs).sort((a, b) => a - b);
  const at = (share) =>
    durations.length === 0
      ? null
      : Math.round(durations[Math.min(durations.length - 1, Math.ceil(share * durations.length) - 1)]);
  return {
    count: samples.length,
    failed: samples.length - ok.length,
    p50: at(0.5),
    p99: at(0.99),
    longest: durations.length === 0 ? null : Math.round(durations.at(-1)),
  };
}
