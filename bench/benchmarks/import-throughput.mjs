// Importing 10,000 items into a chest with 20 readers in Chromium (issue 28): the /import wizard's
// runner (import-runner.ts with import-services.ts) against the bare crypto floor (sealing each item
// and wrapping its key for the 20 readers, in the same page, same run), and the secrets list's p99
// asked for by a second client during the import against its p99 without one.
// A quick check: BENCH_IMPORT_ITEMS=500 BENCH_IMPORT_QUIET_SECONDS=5 node bench/run.mjs import-throughput
import { IMPORT_GOALS, judgeImport, renderImport } from './import-throughput/import-report.mjs';
import { importSettings, measureImport } from './import-throughput/import-run.mjs';

export default {
  name: 'import-throughput',
  title: 'Importing 10,000 items for 20 readers in Chromium: the wizard against the bare crypto floor',
  async run({ log, serverEnv }) {
    const settings = importSettings();
    const measured = { ...(await measureImport({ log, serverEnv, settings })), items: settings.items };
    const verdict = judgeImport(measured);
    return {
      body: renderImport(measured, verdict, settings),
      goal: `import ≤ ${IMPORT_GOALS.maxRatio}× the bare crypto floor, list p99 during ≤ ${IMPORT_GOALS.maxListP99Ratio}× alone`,
      pass: verdict.pass,
      cpu: measured.cpu,
      settings: `${settings.items} items, ${settings.readers} readers, one import, the floor twice; the list on ${settings.probeConnections === 1 ? 'one connection' : `${settings.probeConnections} connections`}.`,
      data: {
        settings,
        verdict,
        app: {
          ms: measured.app.ms,
          analyseMs: measured.app.analyseMs,
          concurrency: measured.app.concurrency,
          report: { ...measured.app.report, failed: measured.app.report.failed.slice(0, 5) },
        },
        floorMs: measured.floorMs,
        cryptoWorkers: measured.cryptoWorkers,
        phases: measured.phases,
        planMs: measured.planMs,
      },
    };
  },
};
