// The ceiling of a database route: bare Fastify running the SQL the real server ran for the same
// request (captured by sql-capture.mjs) straight on the driver, and answering the same bytes.
// The gap to it is what Coffer's framework, Kysely, policy and presenters cost, not the database.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callerKey } from './caller-key.mjs';
import { launchCeilingChild } from './ceiling-server.mjs';
import { assertSameResponse, captureResponse, replayableHeaders } from './http-capture.mjs';
import { SERVER_PACKAGE_JSON } from './paths.mjs';

const CHILD_SCRIPT = fileURLToPath(new URL('./sql-ceiling-child.mjs', import.meta.url));

/**
 * Starts a SQL ceiling beside `server` (from startRealServer, on the same data) answering `routes`:
 * [{ path (with its query), requestHeaders, statements (captureSql's), render (a name in
 * sql-ceiling-renderers.mjs), page? }]. Each real answer is recorded first and the ceiling's must
 * match it byte for byte (status, body, route headers). Only reading statements are replayed.
 * Routes are told apart by path and caller (the same path may answer each caller differently).
 * Returns { ceiling: { name, url, port, pid, stop() }, recorded: [answer per route] }.
 */
export async function startSqlCeilingFor(server, routes) {
  const recorded = [];
  for (const route of routes) {
    recorded.push(await captureResponse(`${server.url}${route.path}`, route.requestHeaders));
  }
  const ceiling = await launchCeilingChild({
    script: CHILD_SCRIPT,
    name: 'bare Fastify + driver (ceiling)',
    env: server.databaseUrl ? { BENCH_CEILING_DATABASE_URL: server.databaseUrl } : {},
    writeSpec: () => ({
      resolveFrom: SERVER_PACKAGE_JSON,
      engine: server.database,
      sqliteFile: path.join(server.dataDir, 'coffer.sqlite'),
      routes: routes.map((route, index) => {
        const answer = recorded[index];
        return {
          path: route.path,
          caller: callerKey(route.requestHeaders?.authorization),
          status: answer.status,
          headers: replayableHeaders(answer.headers),
          render: route.render,
          page: route.page ?? null,
          // The server reuses a list's total for a few seconds (lists/list-total-cache.ts), so a
          // loaded page usually runs no count(*); the ceiling then answers the same known total.
          knownTotal: knownTotalOf(answer.body),
          statements: route.statements.map(({ sql, params }) => ({ sql, params, reads: isRead(sql) })),
        };
      }),
    }),
  });
  try {
    for (const [index, route] of routes.entries()) {
      const answer = await captureResponse(`${ceiling.url}${route.path}`, route.requestHeaders);
      assertSameResponse(recorded[index], answer);
    }
  } catch (error) {
    await ceiling.stop();
    throw error;
  }
  return { ceiling, recorded };
}

function knownTotalOf(body) {
  try {
    const total = JSON.parse(body.toString('utf8'))?.total;
    return typeof total === 'number' ? total : null;
  } catch {
    return null;
  }
}

/** Whether a statement only reads (the ceiling skips writes, e.g. a session's once-a-minute touch). */
export function isRead(sql) {
  return /^\s*select\b/i.test(sql);
}
