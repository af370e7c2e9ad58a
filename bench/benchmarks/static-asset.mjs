// The largest hashed JavaScript file of the web app, served by the real server (@fastify/static,
// from disk) against bare Fastify answering the same bytes and headers from memory.
import {
  assertWebBuild,
  compareWithCeiling,
  describeLoad,
  findLargestAsset,
  formatKilobytes,
  startRealServer,
} from '../lib/index.mjs';

export default {
  name: 'static-asset',
  title: 'Largest JavaScript asset: real server against bare Fastify',
  async run({ log, serverEnv }) {
    assertWebBuild();
    const asset = findLargestAsset();
    const server = await startRealServer({ env: serverEnv });
    try {
      const result = await compareWithCeiling({ servers: [server], path: asset.url, log });
      if (result.recorded.status !== 200) {
        throw new Error(`the real server answered ${result.recorded.status} for ${asset.url}`);
      }
      const body = [
        result.table,
        '',
        `\`${asset.url}\`: ${formatKilobytes(asset.bytes)}, \`${result.recorded.headers['content-type']}\`, ` +
          `\`cache-control: ${result.recorded.headers['cache-control']}\`. The client sends no ` +
          '`Accept-Encoding` and no validators, so every answer is the full file. Coffer (@fastify/static, ' +
          'reading the file from disk, and logging the request) answers ' +
          `${((result.ratios[server.name] ?? 0) * 100).toFixed(1)} % of the requests per second of the ` +
          'ceiling, which sends the same bytes from memory.',
        '',
        `Goal: every answer 200 (no goal on the ratio yet): ${result.clean ? 'pass' : '**miss**'}.`,
      ].join('\n');
      return {
        body,
        goal: 'every answer 200; ratio reported',
        pass: result.clean,
        settings: describeLoad(result.comparison.settings),
        cpu: result.comparison.cpu,
        data: {
          asset: { url: asset.url, bytes: asset.bytes },
          ratios: result.ratios,
          comparison: result.comparison,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
