// The real server's resident memory: idle (after start, a few seconds, one request), left alone
// 12 s more, and its peak under the /healthz load. Reuses the healthz run's readings when it ran
// first in the same run.
import {
  compareWithCeiling,
  describeLoad,
  formatMegabytes,
  formatVerdict,
  renderTable,
  startRealServer,
} from '../lib/index.mjs';
import { HEALTHZ_MEMORY_KEY } from './healthz.mjs';

const IDLE_GOAL_BYTES = 80e6;

export default {
  name: 'server-memory',
  title: 'Server memory: idle and under load',
  async run({ log, shared, serverEnv }) {
    const memory = shared.get(HEALTHZ_MEMORY_KEY) ?? (await measure(log, serverEnv));
    const names = Object.keys(memory.idleRssBytes);
    const realNames = names.filter((name) => name !== memory.ceilingName);
    const pass = realNames.every((name) => (memory.idleRssBytes[name] ?? Infinity) <= IDLE_GOAL_BYTES);
    const rows = names.map((name) => {
      const isCeiling = name === memory.ceilingName;
      const idle = memory.idleRssBytes[name];
      return [
        name,
        formatMegabytes(idle),
        formatMegabytes(memory.settledRssBytes?.[name] ?? null),
        formatMegabytes(memory.peakRssBytes[name]),
        isCeiling ? 'reference' : `≤ ${formatMegabytes(IDLE_GOAL_BYTES)} idle`,
        isCeiling ? 'n/a' : formatVerdict(idle !== null && idle <= IDLE_GOAL_BYTES),
      ];
    });
    const body = [
      renderTable(['process', 'idle RSS', 'left alone 15 s', 'peak RSS under load', 'goal', 'result'], rows, [
        'left',
        'right',
        'right',
        'right',
        'left',
        'left',
      ]),
      '',
      'RSS is VmRSS from `/proc/<pid>/status` (1 MB = 1,000,000 bytes). Idle: 3 s after the server ' +
        'answered `/healthz` for the first time, then one more request (the goal is judged on it). ' +
        'Left alone: 12 s later with no request in between, once V8 has given back what start-up ' +
        'used (its memory reducer runs about 8 s after the last full collection of an idle process). ' +
        'Peak: the highest of the samples taken every 100 ms during the `/healthz` rounds. Bare ' +
        'Fastify is shown for scale.',
    ].join('\n');
    return {
      body,
      goal: `idle RSS at most ${formatMegabytes(IDLE_GOAL_BYTES)}`,
      pass,
      settings: describeLoad(memory.settings),
      cpu: memory.cpu,
      data: {
        idleRssBytes: memory.idleRssBytes,
        settledRssBytes: memory.settledRssBytes,
        peakRssBytes: memory.peakRssBytes,
        goalBytes: IDLE_GOAL_BYTES,
      },
    };
  },
};

// Run alone (`node bench/run.mjs server-memory`): its own server and /healthz load.
async function measure(log, serverEnv) {
  const server = await startRealServer({ env: serverEnv });
  try {
    const result = await compareWithCeiling({ servers: [server], path: '/healthz', idleMemory: true, log });
    return {
      settings: result.comparison.settings,
      cpu: result.comparison.cpu,
      idleRssBytes: result.idleRssBytes,
      settledRssBytes: result.settledRssBytes,
      peakRssBytes: result.peakRssBytes,
      ceilingName: result.ceilingName,
    };
  } finally {
    await server.stop();
  }
}
