// Runs the benchmarks and records their results: `node bench/run.mjs` runs all of them,
// `node bench/run.mjs healthz initial-js` only those. `npm run bench` builds first.
// Environment: BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS (load settings),
// BENCH_DATABASE_URL (also measure the server on PostgreSQL), BENCH_LOG_LEVEL (server LOG_LEVEL).
import { BENCHMARKS } from './benchmarks/index.mjs';
import { cleanUpAll } from './lib/cleanup.mjs';
import { formatVerdict } from './lib/markdown.mjs';
import { BENCHMARKS_DOC, RESULTS_JSON } from './lib/paths.mjs';
import { writeResults } from './lib/report.mjs';
import { runBenchmark } from './lib/runner.mjs';

async function main(names) {
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark: ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    return 2;
  }
  const selected = names.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => names.includes(b.name));
  const context = {
    log: (line) => console.log(line),
    shared: new Map(),
    serverEnv: process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {},
  };
  const entries = [];
  for (const benchmark of selected) {
    console.log(`▶ ${benchmark.name}: ${benchmark.title}`);
    const entry = await runBenchmark(benchmark, context);
    entries.push(entry);
    console.log(`  ${describeOutcome(entry)} (${entry.seconds} s)`);
  }
  writeResults(entries);
  console.log(`\nWrote ${RESULTS_JSON} and ${BENCHMARKS_DOC}`);
  return entries.some((entry) => entry.status === 'failed') ? 1 : 0;
}

function describeOutcome(entry) {
  if (entry.status !== 'measured') return `${entry.status}: ${entry.reason}`;
  const shared = entry.provisional ? `, provisional (others used ${entry.cpu.foreignCores} cores)` : '';
  return `${entry.goal ? `${entry.goal}: ${formatVerdict(entry.pass).replaceAll('*', '')}` : 'measured'}${shared}`;
}

let exitCode = 1;
try {
  exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error('bench:', error);
} finally {
  await cleanUpAll();
}
process.exit(exitCode);
