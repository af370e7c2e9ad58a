// A dedicated worker that opens changed secrets for the index off the page's thread (open-pool.ts).
// Bundled as its own file: `new Worker(new URL('./open-worker.ts', import.meta.url), { type: 'module' })`.
import type { FromOpenWorker, ToOpenWorker } from './open-protocol.js';
import { createOpenWorkerHandler } from './open-protocol.js';

// The dedicated worker global, as far as this file uses it (the package's TypeScript lib is the DOM's).
interface WorkerScope {
  postMessage(message: FromOpenWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToOpenWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createOpenWorkerHandler();

scope.addEventListener('message', (event) => {
  void handle(event.data).then((reply) => {
    if (reply) scope.postMessage(reply);
  });
});
