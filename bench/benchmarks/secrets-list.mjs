// GET /api/v1/secrets.json?limit=20 at 100,000 secrets, for an administrator and for a member, on
// the first page and on the last (by offset and by cursor): the real server against bare Fastify
// running the very SQL the server ran for that request (captured), straight on the driver.
import { LARGE_SIZE, runListBenchmark } from './secrets-list/list-benchmark.mjs';
import { planListPages } from './secrets-list/list-pages.mjs';

export default {
  name: 'secrets-list',
  title: `Secrets list at ${LARGE_SIZE}: real server against bare Fastify running the same SQL`,
  run: ({ log, serverEnv }) => runListBenchmark({ log, serverEnv, planPages: planListPages }),
};
