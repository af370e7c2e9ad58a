// A dedicated worker of the crypto pool (rewrapper.ts): rewraps missing keys (reshare-keys.ts) and
// seals an import's new secrets (secret-creator.ts) off the page's thread.
// Vite bundles it as its own file: `new Worker(new URL('./rewrap-worker.ts', import.meta.url), ...)`.
import { computeStrength } from '../components/secrets/compute-strength.js';
import type { FromRewrapWorker, ToRewrapWorker } from './rewrap-protocol.js';
import { createRewrapWorkerHandler } from './rewrap-protocol.js';

// The dedicated worker global, as far as this file uses it (the app's TypeScript lib is the DOM's).
interface WorkerScope {
  postMessage(message: FromRewrapWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToRewrapWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
// A sealed secret's password is scored as the secret form scores it (its name a word to discount).
const handle = createRewrapWorkerHandler((password, name) => computeStrength(password, [name]));

scope.addEventListener('message', (event) => {
  void handle(event.data).then((reply) => {
    if (reply) scope.postMessage(reply);
  });
});
