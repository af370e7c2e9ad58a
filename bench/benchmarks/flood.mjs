// Sign-in floods (issue 14): the secrets list's requests per second and p99 with no flood and during a
// flood of wrong sign-ins with random e-mails from many addresses, side by side in alternating rounds
// on one server; then 200 wrong sign-ins per second against one account, counting the password checks
// that got through. The real server behind a trusted proxy on this machine (TRUST_PROXY=loopback); 127.0.0.1 only.
import { mergeCpuWatches } from '../lib/index.mjs';
import { FLOOD_GOALS, judgeFlood, renderFloodRun } from './flood/flood-report.mjs';
import { floodSettings, measureFlood } from './flood/flood-run.mjs';

/** Runs the benchmark; `quick` for the benchmark tests (small dataset, one short round). */
export async function runFlood({ log, serverEnv, quick = false }) {
  const settings = floodSettings({ quick });
  const engines = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const runs = [];
  for (const engine of engines) runs.push(await measureFlood(engine, { log, serverEnv, settings }));
  const verdicts = runs.map(judgeFlood);
  const body = [
    ...runs.flatMap((run, index) => [renderFloodRun(run, verdicts[index], settings), '']),
    `Goals: during the flood at least ${FLOOD_GOALS.minRatio}× the requests per second and at most ` +
      `${FLOOD_GOALS.maxP99Ratio}× the p99 of the list with no flood; against one account never more ` +
      `than ${FLOOD_GOALS.maxChecks} password checks (its limit), and the account locked afterwards.`,
  ].join('\n');
  return {
    body,
    goal: `≥ ${FLOOD_GOALS.minRatio}× requests/s, ≤ ${FLOOD_GOALS.maxP99Ratio}× p99, ≤ ${FLOOD_GOALS.maxChecks} checks`,
    pass: verdicts.every((verdict) => verdict.pass),
    settings:
      `Load: autocannon, ${settings.listConnections} connections on the list; ${settings.rounds} rounds of ` +
      `${settings.durationSeconds} s with and without the flood, alternating, after ${settings.warmupSeconds} s ` +
      `of warm-up, the list alone and then with the flood; the flood (${settings.floodRate} requests/s over ${settings.floodConnections} connections) ` +
      `in a process of its own, started ${settings.floodLeadSeconds} s before its round; medians of the rounds.`,
    cpu: mergeCpuWatches(runs.map((run) => run.cpu)),
    data: { settings, runs, verdicts },
  };
}

export default {
  name: 'flood',
  title: 'Sign-in floods: the secrets list with and without a flood of wrong sign-ins',
  run: ({ log, serverEnv }) => runFlood({ log, serverEnv }),
};
