// Rotation after access is lost (issue 31), on the seeded dataset: removing a member who could read
// about 20,000 secrets (goal: at most 1 s) against removing one who could read none, and the rotation
// list's first page at 100,000 secrets against the dashboard's first page (goal: at most 2×).
// SQLite, and PostgreSQL when BENCH_DATABASE_URL is set. A quick check:
// BENCH_SECRETS=2000 BENCH_ROTATION_ROUNDS=1 node bench/run.mjs rotation-list
import { mergeCpuWatches } from '../lib/index.mjs';
import {
  judgeRotation,
  ROTATION_GOALS,
  renderRotationMethod,
  renderRotationRun,
} from './rotation-list/rotation-report.mjs';
import { measureRotation, rotationSettings } from './rotation-list/rotation-run.mjs';

export default {
  name: 'rotation-list',
  title:
    'Rotation list: removing a member who could read 20,000 secrets, and the first page at 100,000 secrets',
  run: async ({ log, serverEnv }) => {
    const settings = rotationSettings();
    const engines = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
    const runs = [];
    for (const engine of engines) runs.push(await measureRotation(engine, { log, serverEnv, settings }));
    const verdicts = runs.map(judgeRotation);
    const load = settings.load;
    return {
      body: [
        ...runs.flatMap((run, index) => [renderRotationRun(run, verdicts[index]), '']),
        renderRotationMethod(settings),
      ].join('\n'),
      goal: `removal ≤ ${ROTATION_GOALS.maxRemovalMs} ms, first page ≤ ${ROTATION_GOALS.maxPageRatio}× the secrets list's`,
      pass: verdicts.every((verdict) => verdict.pass),
      cpu: mergeCpuWatches(runs.map((run) => run.cpu)),
      settings:
        `Load: autocannon on each page, ${load.connections} connections, pipelining 1; ${load.warmupSeconds} s ` +
        `warm-up, then ${load.rounds} rounds of ${load.durationSeconds} s per page, alternating; medians of ` +
        `the rounds. Removals: ${settings.removalRounds} rounds.`,
      data: { settings, runs: runs.map(({ cpu: _cpu, ...run }) => run), verdicts },
    };
  },
};
