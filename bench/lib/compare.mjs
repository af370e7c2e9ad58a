// Comparing servers on the same route under the same load: warm each up, then alternate them round
// after round (reversing the order every round) so all see the same machine state. After every
// run the server is given time to finish the requests left in flight (idle-wait.mjs), so a slow
// route's backlog never eats into the next server's round. Reports the median of the rounds, and
// samples each server's memory and the machine's CPU throughout.
import { startCpuWatch } from './cpu-watch.mjs';
import { waitForIdle } from './idle-wait.mjs';
import { DEFAULT_LOAD, runLoad } from './load.mjs';
import { startRssSampler } from './memory.mjs';
import { median } from './stats.mjs';

/**
 * targets: [{ name, url, pid, cpuPids? }] (servers from startRealServer / startCeilingServer); path: the
 * route, e.g. '/healthz'; load: overrides of DEFAULT_LOAD (durationSeconds, warmupSeconds, rounds,
 * connections, pipelining, headers, method, body, overallRate; warmupConnections: fewer connections for the
 * warm-up, e.g. 1 on a slow route so it leaves no backlog); log: progress lines.
 * Returns { settings, cpu, targets: [{ name, requestsPerSecond, latencyMs, non2xx, errors,
 * timeouts, peakRssBytes, rounds: [runLoad results] }] } with medians over the rounds.
 */
export async function compareTargets({ targets, path, load = {}, log = () => {} }) {
  const settings = { ...DEFAULT_LOAD, ...load };
  const roundsByTarget = new Map(targets.map((target) => [target, []]));
  for (const target of targets) {
    log(`  warm-up ${target.name} ${settings.warmupSeconds} s`);
    await runLoad(`${target.url}${path}`, {
      ...settings,
      durationSeconds: settings.warmupSeconds,
      connections: settings.warmupConnections ?? settings.connections,
    });
    await waitForIdle(target);
  }
  const pids = targets.map((target) => target.pid);
  const sampler = startRssSampler(pids);
  const cpuWatch = startCpuWatch(targets.map((target) => target.cpuPids ?? target.pid));
  for (let round = 0; round < settings.rounds; round += 1) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const result = await runLoad(`${target.url}${path}`, settings);
      result.drainMs = await waitForIdle(target);
      roundsByTarget.get(target)?.push(result);
      log(`  round ${round + 1}/${settings.rounds} ${target.name}: ${result.requestsPerSecond} req/s`);
    }
  }
  const cpu = await cpuWatch.stop();
  const memory = sampler.stop();
  return {
    settings: describeSettings(settings, path),
    cpu,
    targets: targets.map((target) => summarise(target, roundsByTarget.get(target) ?? [], memory[target.pid])),
  };
}

function summarise(target, rounds, memory) {
  const pick = (read) => median(rounds.map(read));
  const sum = (read) => rounds.reduce((total, round) => total + read(round), 0);
  return {
    name: target.name,
    requestsPerSecond: Math.round(pick((r) => r.requestsPerSecond)),
    latencyMs: {
      p50: pick((r) => r.latencyMs.p50),
      p97_5: pick((r) => r.latencyMs.p97_5),
      p99: pick((r) => r.latencyMs.p99),
    },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    peakRssBytes: memory?.peakBytes ?? null,
    rounds,
  };
}

function describeSettings(settings, path) {
  return {
    path,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    rounds: settings.rounds,
    connections: settings.connections,
    pipelining: settings.pipelining,
    ...(settings.overallRate ? { overallRate: settings.overallRate } : {}),
  };
}
