// A dedicated worker that checks opened passwords off the page's thread (zxcvbn is slow on long
// inputs, and 10,000 of them would freeze the page). Vite bundles it as its own file:
// `new Worker(new URL('./health-worker.ts', import.meta.url), { type: 'module' })` (health-worker-client.ts).
import type { FromHealthWorker, ToHealthWorker } from './health-worker-protocol.js';
import { handleHealthMessage } from './health-worker-protocol.js';

// The dedicated worker global, as far as this file uses it (the app's TypeScript lib is the DOM's).
interface WorkerScope {
  postMessage(message: FromHealthWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToHealthWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void handleHealthMessage(event.data).then((answer) => scope.postMessage(answer));
});
