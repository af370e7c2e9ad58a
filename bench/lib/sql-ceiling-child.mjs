import { createHash } from 'node:crypto';
// A SQL ceiling: bare Fastify (the server's copy, no plugins, no logger) whose route runs the SQL
// the real server ran for that exact request (path and caller), straight on the driver (better-sqlite3 statements
// prepared once, or a pg pool), and renders the rows into the same bytes. Started by
// sql-ceiling.mjs: node sql-ceiling-child.mjs <spec.json> <port> <host>; a PostgreSQL URL comes
// in BENCH_CEILING_DATABASE_URL, never on the command line.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { callerKey } from './caller-key.mjs';
import { RENDERERS } from './sql-ceiling-renderers.mjs';

const PG_INT8_OID = 20;
const [specFile, port, host] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const requireFromServer = createRequire(spec.resolveFrom);
const { default: Fastify } = await import(pathToFileURL(requireFromServer.resolve('fastify')).href);
const runner = spec.engine === 'postgres' ? openPostgres() : openSqlite(spec.sqliteFile);

const routes = new Map(
  spec.routes.map((route) => [
    `${route.caller} ${route.path}`,
    { ...route, run: runner.prepare(route.statements.filter((statement) => statement.reads)) },
  ]),
);
const app = Fastify({ logger: false });
for (const pathname of new Set(spec.routes.map((route) => route.path.split('?', 1)[0]))) {
  app.get(pathname, async (request, reply) => {
    const route = routes.get(`${callerKey(request.headers.authorization)} ${request.url}`);
    if (!route) return reply.code(404).send({ error: 'Not found' });
    const results = await route.run();
    return reply.code(route.status).headers(route.headers).send(RENDERERS[route.render](results, route));
  });
}
await app.listen({ port: Number(port), host });
process.on('disconnect', () => process.exit(0));
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => runner.close())
      .then(() => process.exit(0)),
);
process.send?.({ ready: true });

// SQLite as the server opens it (WAL, foreign keys, busy timeout), read-only work.
function openSqlite(file) {
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  return {
    prepare(statements) {
      const prepared = statements.map((statement) => ({
        sql: statement.sql,
        params: statement.params,
        compiled: database.prepare(statement.sql),
      }));
      return async () => prepared.map(({ sql, params, compiled }) => ({ sql, rows: compiled.all(params) }));
    },
    close: async () => database.close(),
  };
}

// A pool like the server's (10 connections, int8 as numbers); a request's statements run at once,
// each as a named statement that every connection parses and plans once (the server keeps its hot
// statements prepared the same way: db/postgres-prepared.ts).
function openPostgres() {
  const pg = requireFromServer('pg');
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_CEILING_DATABASE_URL,
    max: 10,
    types: {
      getTypeParser: (oid, format) => (oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)),
    },
  });
  return {
    prepare(statements) {
      return () =>
        Promise.all(
          statements.map(async ({ sql, params }) => ({
            sql,
            rows: (await pool.query({ name: statementName(sql), text: sql, values: params })).rows,
          })),
        );
    },
    close: () => pool.end(),
  };
}

function statementName(sql) {
  return `ceiling_${createHash('sha256').update(sql, 'utf8').digest('hex').slice(0, 32)}`;
}
