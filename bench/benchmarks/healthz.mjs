// GET /healthz on the real server (one database round trip, security headers, request logging)
// against bare Fastify answering the same bytes: what Coffer's stack costs on its cheapest route.
import { compareWithCeiling, describeLoad, startRealServer } from '../lib/index.mjs';

/** Shared with server-memory, which reuses this run's memory readings instead of loading again. */
export const HEALTHZ_MEMORY_KEY = 'healthz-memory';

export default {
  name: 'healthz',
  title: '`GET /healthz`: real server against bare Fastify',
  async run({ log, shared, serverEnv }) {
    const servers = [];
    try {
      servers.push(await startRealServer({ env: serverEnv }));
      if (process.env.BENCH_DATABASE_URL) {
        servers.push(await startRealServer({ database: 'postgres', env: serverEnv }));
      }
      const result = await compareWithCeiling({ servers, path: '/healthz', idleMemory: true, log });
      shared.set(HEALTHZ_MEMORY_KEY, {
        settings: result.comparison.settings,
        cpu: result.comparison.cpu,
        idleRssBytes: result.idleRssBytes,
        settledRssBytes: result.settledRssBytes,
        peakRssBytes: result.peakRssBytes,
        ceilingName: result.ceilingName,
      });
      const sqlite = servers[0].name;
      const body = [
        result.table,
        '',
        `Coffer answers ${describeRatio(result.ratios[sqlite])} of the requests per second bare Fastify ` +
          `answers with the same ${result.recorded.body.length}-byte body and headers. ` +
          'On every request the real server also queries its database (`select 1`), sets its security ' +
          `headers and logs the request (LOG_LEVEL ${serverEnv.LOG_LEVEL ?? 'info'}, to a file).`,
        '',
        `Goal: every answer 200 (no goal on the ratio yet): ${result.clean ? 'pass' : '**miss**'}.`,
      ].join('\n');
      return {
        body,
        goal: 'every answer 200; ratio reported',
        pass: result.clean,
        settings: describeLoad(result.comparison.settings),
        cpu: result.comparison.cpu,
        data: { ratios: result.ratios, comparison: result.comparison },
      };
    } finally {
      for (const server of servers.reverse()) await server.stop();
    }
  },
};

function describeRatio(value) {
  return value === null ? 'an unknown share' : `${(value * 100).toFixed(1)} %`;
}
