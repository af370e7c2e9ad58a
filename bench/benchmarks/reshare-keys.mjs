// Resharing missing keys in Chromium (issue 10): the background reshare an administrator's browser
// runs for a new member missing 10,000 keys, as the web app runs it (reshareRunner, rewrap workers,
// the trust rule), against the bare RSA-OAEP cost of unwrapping and wrapping the same keys with as
// many workers; the longest request the reshare makes; and the secrets list's p99 as the member with
// and without a reshare under way. BENCH_RESHARE_KEYS (10,000) sets how many keys; the scenario is
// written into the run's own copy of the seeded database (reshare-keys/reshare-scenario.mjs).
// A quick check: BENCH_SECRETS=2000 BENCH_RESHARE_KEYS=500 node bench/run.mjs reshare-keys
import { judgeReshare, RESHARE_GOALS, renderReshare, rounds } from './reshare-keys/reshare-report.mjs';
import { measureReshare, reshareSettings } from './reshare-keys/reshare-run.mjs';

/** Runs the benchmark; `quick` for the benchmark test (a few hundred keys, one short round of each). */
export async function runReshareKeys({ log, serverEnv, quick = false }) {
  const settings = reshareSettings({ quick });
  const measured = await measureReshare({ log, serverEnv, settings });
  const verdict = judgeReshare(measured);
  return {
    body: renderReshare(measured, verdict, settings),
    goal:
      `reshare ≤ ${RESHARE_GOALS.maxRatio}× bare RSA-OAEP, no request ≥ ${RESHARE_GOALS.maxRequestMs / 1000} s, ` +
      `list p99 ≤ ${RESHARE_GOALS.maxP99Ratio}×`,
    pass: verdict.pass,
    cpu: measured.cpu,
    settings:
      `${settings.keys} keys, ${rounds(measured.app.length)} each way, ${measured.threads} workers; the list ` +
      `under autocannon (${settings.listConnections} connections, ${measured.loaded.seconds} s windows, ` +
      `${rounds(settings.loadRounds)} each way).`,
    data: { settings, verdict, measured: { ...measured, cpu: undefined } },
  };
}

export default {
  name: 'reshare-keys',
  title: 'Resharing missing keys in Chromium: the background reshare against bare RSA-OAEP',
  run: ({ log, serverEnv }) => runReshareKeys({ log, serverEnv }),
};
