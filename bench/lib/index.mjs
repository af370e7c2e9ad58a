// The benchmark library: everything a benchmark in bench/benchmarks/ needs (see docs/benchmarks.md,
// "How to add a benchmark").
export { measureAlternatingLoads } from './alternating-loads.mjs';
export { buildBenchPage, openBenchPage, signInInPage } from './bench-page.mjs';
export { launchCeilingChild, startCeilingFor, startCeilingServer } from './ceiling-server.mjs';
export { delay } from './child-process.mjs';
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.mjs';
export { registerCleanup, registerTempDir } from './cleanup.mjs';
export { addNewcomer, callJson, DASHBOARD_PATH, removeUser } from './coffer-api.mjs';
export { compareTargets } from './compare.mjs';
export { describeLoad, renderComparison } from './compare-report.mjs';
export { compareWithCeiling } from './compare-with-ceiling.mjs';
export { mergeCpuWatches, SHARED_MACHINE_CORES, startCpuWatch } from './cpu-watch.mjs';
export { readCount } from './env-count.mjs';
export { findFreePort, LOOPBACK } from './free-port.mjs';
export { assertSameResponse, captureResponse, replayableHeaders } from './http-capture.mjs';
export { startIdleBusyLoops } from './idle-busy-loops.mjs';
export { waitForIdle } from './idle-wait.mjs';
export { DEFAULT_LOAD, runLoad } from './load.mjs';
export {
  formatInteger,
  formatKilobytes,
  formatMegabytes,
  formatPercent,
  formatVerdict,
  renderTable,
} from './markdown.mjs';
export { readRssBytes, startRssSampler } from './memory.mjs';
export { measurePagesSideBySide } from './pages-side-by-side.mjs';
export { CACHE_DIR, ROOT_DIR, SERVER_MAIN, WEB_DIST } from './paths.mjs';
export { measureIdleRss, startRealServer } from './real-server.mjs';
export { captureSql } from './sql-capture.mjs';
export { isRead, startSqlCeilingFor } from './sql-ceiling.mjs';
export { explainStatements } from './sql-explain.mjs';
export { readRows } from './sql-read.mjs';
export { median, medianAndP95ByKey, percentile, ratio } from './stats.mjs';
export { assertWebBuild, findInitialScripts, findLargestAsset, MissingWebBuildError } from './web-dist.mjs';
