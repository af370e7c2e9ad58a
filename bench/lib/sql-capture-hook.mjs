// Preloaded (`node --import`) into a real server started only to record its SQL (sql-capture.mjs),
// never into a measured one: appends every statement better-sqlite3 or pg runs, with its
// parameters, as one JSON line to BENCH_SQL_CAPTURE_FILE. The drivers are the server's own copies.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const captureFile = process.env.BENCH_SQL_CAPTURE_FILE;
const requireFromServer = createRequire(process.env.BENCH_SQL_CAPTURE_RESOLVE_FROM ?? import.meta.url);

function record(engine, method, sql, params) {
  appendFileSync(captureFile, `${JSON.stringify({ engine, method, sql, params })}\n`);
}

// better-sqlite3: Kysely prepares each query and calls all() for readers, run() for writers.
const Database = requireFromServer('better-sqlite3');
const probe = new Database(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['all', 'get', 'run', 'iterate']) {
  const original = statementPrototype[method];
  statementPrototype[method] = function capturedStatement(...args) {
    const params = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
    record('sqlite', method, this.source, params);
    return original.apply(this, args);
  };
}

// pg: Kysely's pool clients run client.query(sql, parameters).
let pg = null;
try {
  pg = requireFromServer('pg');
} catch {
  // The server runs on SQLite only here.
}
if (pg) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function capturedQuery(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : (config?.values ?? []);
    if (text) record('postgres', 'query', text, params);
    return original.call(this, config, values, callback);
  };
}
