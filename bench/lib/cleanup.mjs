// Every child process and temporary folder the harness creates is registered here, so that a
// finished run, an error, Ctrl-C or a kill signal all leave the machine as it was.
import { rmSync } from 'node:fs';

/** @type {Set<{ name: string, stop: () => Promise<void>, kill: () => void }>} */
const resources = new Set();
let handlersInstalled = false;

/**
 * Registers something to clean up. `stop` is the graceful path (awaited by cleanUpAll); `kill` is
 * the synchronous last resort used when the process is exiting. Returns an unregister function.
 */
export function registerCleanup(resource) {
  installHandlers();
  resources.add(resource);
  return () => resources.delete(resource);
}

/** Registers a temporary folder to remove when the run ends, however it ends. */
export function registerTempDir(dir) {
  return registerCleanup({
    name: `temporary folder ${dir}`,
    stop: async () => rmSync(dir, { recursive: true, force: true }),
    kill: () => rmSync(dir, { recursive: true, force: true }),
  });
}

/** Stops everything still registered, newest first; errors are reported, never thrown. */
export async function cleanUpAll() {
  for (const resource of [...resources].reverse()) {
    resources.delete(resource);
    try {
      await resource.stop();
    } catch (error) {
      console.error(`bench: could not clean up ${resource.name}:`, error);
      safeKill(resource);
    }
  }
}

function safeKill(resource) {
  try {
    resource.kill();
  } catch {
    // Already gone: nothing left to clean.
  }
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // exit handlers must be synchronous: kill and remove without waiting.
  process.on('exit', () => {
    for (const resource of resources) safeKill(resource);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping servers and removing temporary data`);
      void cleanUpAll().finally(() => process.exit(130));
    });
  }
}
