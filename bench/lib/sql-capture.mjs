// What SQL the real server runs for a request: a second server on the same data, started with
// sql-capture-hook.mjs preloaded, answers each request until two answers in a row ran the same
// statements; the first of those is kept (warm: nothing done once per process, and none of the
// server's background work). The measured server never carries the hook.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { delay } from './child-process.mjs';
import { registerTempDir } from './cleanup.mjs';
import { captureResponse } from './http-capture.mjs';
import { SERVER_PACKAGE_JSON } from './paths.mjs';
import { startRealServer } from './real-server.mjs';

const HOOK = fileURLToPath(new URL('./sql-capture-hook.mjs', import.meta.url));
// Answers compared at most this many times more before the capture gives up.
const CAPTURE_ATTEMPTS = 10;

/**
 * For each of `requests` ([{ path, headers }]) against a server sharing `server`'s data, returns
 * { path, status, statements: [{ engine, method, sql, params }] } in the order they ran.
 */
export async function captureSql(server, requests, { env = {} } = {}) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'coffer-bench-sql-'));
  const forgetWorkDir = registerTempDir(workDir);
  const captureFile = path.join(workDir, 'statements.jsonl');
  writeFileSync(captureFile, '');
  const capturing = await startRealServer({
    attachTo: server,
    env: {
      ...env,
      NODE_OPTIONS: `--import=${HOOK}`,
      BENCH_SQL_CAPTURE_FILE: captureFile,
      BENCH_SQL_CAPTURE_RESOLVE_FROM: SERVER_PACKAGE_JSON,
    },
  });
  try {
    const answer = async (requestPath, headers) => {
      const before = statSync(captureFile).size;
      const response = await captureResponse(`${capturing.url}${requestPath}`, headers);
      const text = readFileSync(captureFile).subarray(before).toString('utf8');
      const statements = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
      return { path: requestPath, status: response.status, statements };
    };
    const captured = [];
    for (const { path: requestPath, headers = {} } of requests) {
      // The server's own background work (the statistics snapshot after a start, the reshare
      // sweep) can run between a request's statements: keep an answer only once the next one ran
      // the very same statements (their parameters may hold the time).
      const texts = (run) => JSON.stringify(run.statements.map((statement) => statement.sql));
      let kept = await answer(requestPath, headers);
      for (let attempt = 0; ; attempt += 1) {
        const next = await answer(requestPath, headers);
        if (texts(next) === texts(kept)) break;
        if (attempt === CAPTURE_ATTEMPTS)
          throw new Error(`the SQL of ${requestPath.split('?')[0]} never settled`);
        kept = next;
        await delay(200);
      }
      captured.push(kept);
    }
    return captured;
  } finally {
    await capturing.stop();
    forgetWorkDir();
    rmSync(workDir, { recursive: true, force: true });
  }
}
