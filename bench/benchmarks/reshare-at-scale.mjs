// Missing keys at scale (issue 13), on the seeded dataset where every reader holds a key of every
// secret they read (1.3 million keys in the large organisation): the missing-key list with nothing
// missing against the dashboard's first page; a team change that grants a new user about 12,000
// secrets against the same change on a team with no chest, and how long the member's list waits
// meanwhile; the missing-key count afterwards against the plan's. SQLite, and PostgreSQL when
// BENCH_DATABASE_URL is set. A quick check: BENCH_SECRETS=2000 node bench/run.mjs reshare-at-scale
import { mergeCpuWatches } from '../lib/index.mjs';
import { judgeScale, renderMethod, renderScaleRun, SCALE_GOALS } from './reshare-at-scale/scale-report.mjs';
import { measureScale, scaleSettings } from './reshare-at-scale/scale-run.mjs';

/** Runs the benchmark; `quick` for the benchmark tests (one short round of everything). */
export async function runReshareAtScale({ log, serverEnv, quick = false }) {
  const settings = scaleSettings({ quick });
  const engines = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const runs = [];
  for (const engine of engines) runs.push(await measureScale(engine, { log, serverEnv, settings }));
  const verdicts = runs.map(judgeScale);
  const load = settings.load;
  const body = [
    ...runs.flatMap((run, index) => [renderScaleRun(run, verdicts[index]), '']),
    renderMethod(settings),
    '',
    `Goals: with nothing missing, \`reshare_all.json\` at most ${SCALE_GOALS.maxListRatio}× the dashboard's ` +
      'first page (time alone, and requests/s under load); the team change granting the new user ' +
      `their secrets under ${SCALE_GOALS.maxChangeMs / 1000} s (median); the count afterwards what the ` +
      'plan says; every answer 2xx. ' +
      runs.map((run, index) => `${run.engine}: ${verdicts[index].pass ? 'pass' : '**miss**'}`).join('; ') +
      '.',
  ].join('\n');
  return {
    body,
    goal:
      `reshare_all ≤ ${SCALE_GOALS.maxListRatio}× the first page, team change < ` +
      `${SCALE_GOALS.maxChangeMs / 1000} s, counts as planned`,
    pass: verdicts.every((verdict) => verdict.pass),
    cpu: mergeCpuWatches(runs.map((run) => run.cpu)),
    settings:
      `Load: autocannon on each list, ${load.connections} connections, pipelining 1; ${load.warmupSeconds} s ` +
      `warm-up, then ${load.rounds} rounds of ${load.durationSeconds} s per list, alternating; medians of ` +
      `the rounds; "alone": median of ${settings.aloneRuns} requests one at a time. Team changes: ` +
      `${settings.changeRounds} rounds per team, alternating.`,
    data: { settings, runs, verdicts },
  };
}

export default {
  name: 'reshare-at-scale',
  title:
    'Missing keys at scale: the reshare list with every key held, and a team change granting 12,000 secrets',
  run: ({ log, serverEnv }) => runReshareAtScale({ log, serverEnv }),
};
