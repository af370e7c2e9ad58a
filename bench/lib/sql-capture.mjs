// What SQL the real server runs for a request: a second server on the same data, started with
// sql-capture-hook.mjs preloaded, answers each request twice; the statements of the second answer
// (warm: nothing done once per process) are kept. The measured server never carries the hook.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerTempDir } from './cleanup.mjs';
import { captureResponse } from './http-capture.mjs';
import { SERVER_PACKAGE_JSON } from './paths.mjs';
import { startRealServer } from './real-server.mjs';

const HOOK = fileURLToPath(new URL('./sql-capture-hook.mjs', import.meta.url));

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
    const captured = [];
    for (const { path: requestPath, headers = {} } of requests) {
      await captureResponse(`${capturing.url}${requestPath}`, headers);
      const before = statSync(captureFile).size;
      const response = await captureResponse(`${capturing.url}${requestPath}`, headers);
      const text = readFileSync(captureFile).subarray(before).toString('utf8');
      const statements = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
      captured.push({ path: requestPath, status: response.status, statements });
    }
    return captured;
  } finally {
    await capturing.stop();
    forgetWorkDir();
    rmSync(workDir, { recursive: true, force: true });
  }
}
