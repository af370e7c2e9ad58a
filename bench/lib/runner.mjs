// Running one benchmark: machine description, skip/failure handling, the shared-machine verdict.
import { SHARED_MACHINE_CORES } from './cpu-watch.mjs';
import { describeMachine } from './machine.mjs';
import { MissingWebBuildError } from './web-dist.mjs';

/**
 * Runs `benchmark` ({ name, title, run(context) }) and returns its results entry:
 * { name, title, status: 'measured' | 'skipped' | 'failed', machine, seconds, provisional, cpu,
 *   goal, pass, settings, body, data, reason }.
 * `run` returns { body (Markdown), goal, pass (true/false/null), data, cpu?, settings? }.
 */
export async function runBenchmark(benchmark, context) {
  const machine = describeMachine();
  const startedAt = performance.now();
  const base = { name: benchmark.name, title: benchmark.title, machine };
  const seconds = () => Math.round((performance.now() - startedAt) / 100) / 10;
  try {
    const outcome = await benchmark.run(context);
    const cpu = outcome.cpu ?? null;
    return {
      ...base,
      status: 'measured',
      seconds: seconds(),
      provisional: cpu !== null && cpu.foreignCores > SHARED_MACHINE_CORES,
      cpu,
      goal: outcome.goal ?? null,
      pass: outcome.pass ?? null,
      settings: outcome.settings ?? null,
      body: outcome.body,
      data: outcome.data ?? null,
    };
  } catch (error) {
    const skipped = error instanceof MissingWebBuildError;
    if (!skipped) console.error(`bench: ${benchmark.name} failed:`, error);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      status: skipped ? 'skipped' : 'failed',
      seconds: seconds(),
      provisional: false,
      reason,
    };
  }
}
