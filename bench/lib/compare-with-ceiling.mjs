// The standard HTTP benchmark: real server(s) against a bare Fastify serving the same bytes.
import { startCeilingFor } from './ceiling-server.mjs';
import { compareTargets } from './compare.mjs';
import { renderComparison } from './compare-report.mjs';
import { measureIdleRss, measureSettledRss } from './real-server.mjs';

/**
 * Records the first server's answer to GET `path`, starts the ceiling serving it, optionally
 * measures every server's idle memory, compares them all under load and stops the ceiling.
 * `servers` are started (and later stopped) by the caller, e.g. after seeding data.
 * options: requestHeaders (sent on every request, e.g. Authorization), load (DEFAULT_LOAD
 * overrides), idleMemory (boolean), log.
 * Returns { comparison, table, ratios, clean, ceilingName, recorded, idleRssBytes, settledRssBytes,
 * peakRssBytes }.
 */
export async function compareWithCeiling({
  servers,
  path,
  requestHeaders = {},
  load = {},
  idleMemory = false,
  log,
}) {
  const { ceiling, recorded } = await startCeilingFor(servers[0], path, requestHeaders);
  try {
    const targets = [...servers, ceiling];
    const idleRssBytes = idleMemory ? await measureIdleRss(targets, { path, headers: requestHeaders }) : {};
    const settledRssBytes = idleMemory ? await measureSettledRss(targets) : {};
    const comparison = await compareTargets({
      targets,
      path,
      load: { ...load, headers: { ...requestHeaders, ...(load.headers ?? {}) } },
      log,
    });
    const { table, ratios, clean } = renderComparison(comparison, ceiling.name);
    const peakRssBytes = Object.fromEntries(comparison.targets.map((t) => [t.name, t.peakRssBytes]));
    return {
      comparison,
      table,
      ratios,
      clean,
      ceilingName: ceiling.name,
      recorded,
      idleRssBytes,
      settledRssBytes,
      peakRssBytes,
    };
  } finally {
    await ceiling.stop();
  }
}
