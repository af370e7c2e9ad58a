// The admin secrets list (GET /api/v1/secrets.json?everything=true, an administrator) at 100,000
// secrets, sorted by each column it shows, first page and last page by cursor: the real server
// against bare Fastify running the very SQL the server ran for that request, as secrets-list does.
import { LARGE_SIZE, runListBenchmark } from './secrets-list/list-benchmark.mjs';
import { planSortedPages, SORTED_KEYS } from './secrets-list/list-pages.mjs';

export default {
  name: 'admin-secrets-list',
  title: `Admin secrets list at ${LARGE_SIZE}, sorted by each column: real server against bare Fastify running the same SQL`,
  run: ({ log, serverEnv }) =>
    runListBenchmark({
      log,
      serverEnv,
      planPages: planSortedPages,
      intro:
        `The administrator's list of every secret (\`everything=true\`), in each order the admin table offers ` +
        `(${SORTED_KEYS.map((key) => `\`${key} asc\``).join(', ')}; descending reads the same indexes ` +
        'backwards), first page and last page by cursor.',
    }),
};
