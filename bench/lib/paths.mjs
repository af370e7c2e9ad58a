// Where things live in the repository, independent of the working directory.
import { fileURLToPath } from 'node:url';

/** The repository root (/work/main or wherever it is checked out). */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** The built server's entry point, as `npm start` runs it. */
export const SERVER_MAIN = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));
/** The server package.json, from which fastify and pg are resolved (the versions the server uses). */
export const SERVER_PACKAGE_JSON = fileURLToPath(
  new URL('../../packages/server/package.json', import.meta.url),
);
/** The built web app. */
export const WEB_DIST = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));
/** Seeded databases and built benchmark pages, kept across runs (gitignored by bench/.gitignore). */
export const CACHE_DIR = fileURLToPath(new URL('../.cache/', import.meta.url));
/** The built server's folder, from which the bench imports its migrations and password hashing. */
export const SERVER_DIST = fileURLToPath(new URL('../../packages/server/dist/', import.meta.url));
/** Machine-readable results of the latest run. */
export const RESULTS_JSON = fileURLToPath(new URL('../results/latest.json', import.meta.url));
/** The human-readable results, one section per benchmark. */
export const BENCHMARKS_DOC = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
