// Starts the ceiling for a route: the real server's response recorded once, served verbatim by a
// bare Fastify child process. The gap between the two is what Coffer's own code costs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode } from './child-process.mjs';
import { registerTempDir } from './cleanup.mjs';
import { findFreePort, LOOPBACK } from './free-port.mjs';
import { assertSameResponse, captureResponse, replayableHeaders } from './http-capture.mjs';
import { SERVER_PACKAGE_JSON } from './paths.mjs';

const CHILD_SCRIPT = fileURLToPath(new URL('./ceiling-server-child.mjs', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

/**
 * Starts a bare Fastify server answering `routes`, each
 * { method?: 'GET', path, status, headers: { name: value }, body: Buffer }.
 * Returns { name, url, port, pid, stop() }.
 */
export async function startCeilingServer(routes) {
  return launchCeilingChild({
    script: CHILD_SCRIPT,
    writeSpec: (workDir) => ({
      resolveFrom: SERVER_PACKAGE_JSON,
      routes: routes.map((route, index) => {
        const bodyFile = path.join(workDir, `body-${index}`);
        writeFileSync(bodyFile, route.body);
        return {
          method: route.method ?? 'GET',
          path: route.path,
          status: route.status,
          headers: route.headers,
          bodyFile,
        };
      }),
    }),
  });
}

/**
 * Starts a ceiling child process: `node <script> <spec.json> <port> <host>` with an IPC channel;
 * the child sends one message once it listens. `writeSpec(workDir)` returns the spec (it may write
 * files in workDir); `env` adds variables (e.g. a database URL that must not be on the command line).
 * Returns { name, url, port, pid, stop() }.
 */
export async function launchCeilingChild({ script, writeSpec, env = {}, name = 'bare Fastify (ceiling)' }) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'coffer-bench-ceiling-'));
  const forgetWorkDir = registerTempDir(workDir);
  const specFile = path.join(workDir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(writeSpec(workDir)));
  const port = await findFreePort();
  const service = spawnNode({
    name: `ceiling server on port ${port}`,
    args: [script, specFile, String(port), LOOPBACK],
    env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '', ...env },
    logFile: path.join(workDir, 'ceiling.log'),
    ipc: true,
  });
  const stop = async () => {
    await service.stop();
    forgetWorkDir();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(service);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, url: `http://${LOOPBACK}:${port}`, port, pid: service.pid, stop };
}

/**
 * Records `server`'s answer to GET `routePath` and starts a ceiling serving the same status, headers
 * and bytes; checks that the ceiling's answer matches before returning it. `requestHeaders` are
 * sent on the recording request (e.g. an Authorization header). Returns the ceiling and the recording.
 */
export async function startCeilingFor(server, routePath, requestHeaders = {}) {
  const recorded = await captureResponse(`${server.url}${routePath}`, requestHeaders);
  const ceiling = await startCeilingServer([
    {
      path: routePath,
      status: recorded.status,
      headers: replayableHeaders(recorded.headers),
      body: recorded.body,
    },
  ]);
  try {
    assertSameResponse(recorded, await captureResponse(`${ceiling.url}${routePath}`, requestHeaders));
  } catch (error) {
    await ceiling.stop();
    throw error;
  }
  return { ceiling, recorded };
}

function waitForReady(service) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`ceiling did not start:\n${service.logTail()}`)),
      READY_TIMEOUT_MS,
    );
    service.child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    void service.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`ceiling exited (${code}) before it was ready:\n${service.logTail()}`));
    });
  });
}
