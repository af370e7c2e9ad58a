// A dedicated worker that rewraps missing keys off the page's thread (reshare-keys.ts, rewrapper.ts).
// Vite bundles it as its own file: `new Worker(new URL('./rewrap-worker.ts', import.meta.url), ...)`.
import type { FromRewrapWorker, ToRewrapWorker } from './rewrap-protocol.js';
import { createRewrapWorkerHandler } from './rewrap-protocol.js';

// The dedicated worker global, as far as this file uses it (the app's TypeScript lib is the DOM's).
interface WorkerScope {
  postMessage(message: FromRewrapWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToRewrapWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createRewrapWorkerHandler();

scope.addEventListener('message', (event) => {
  void handle(event.data).then((reply) => {
    if (reply) scope.postMessage(reply);
  });
});
