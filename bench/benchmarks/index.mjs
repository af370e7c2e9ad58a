// Every benchmark, in the order `node bench/run.mjs` runs them. server-memory follows healthz so it
// can reuse that run's memory readings.
import healthz from './healthz.mjs';
import initialJs from './initial-js.mjs';
import serverMemory from './server-memory.mjs';
import staticAsset from './static-asset.mjs';

/** @type {Array<{ name: string, title: string, run: (context: object) => Promise<object> }>} */
export const BENCHMARKS = [initialJs, healthz, serverMemory, staticAsset];
