// A dedicated worker that reads an export off the page's thread, so the page stays responsive while
// a large file is parsed (and, for a protected one, its key derived). Vite bundles it as its own file:
// `new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' })` (parse-in-worker.ts).
// The formats' parsers are loaded from here on demand (load-formats.ts), one family at a time.
import type { FromImportWorker, ToImportWorker } from './import-worker-protocol.js';
import { handleImportMessage, transferablesOf } from './import-worker-protocol.js';

// The dedicated worker global, as far as this file uses it (the app's TypeScript lib is the DOM's).
interface WorkerScope {
  postMessage(message: FromImportWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToImportWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void handleImportMessage(event.data, (answer) => scope.postMessage(answer, transferablesOf(answer)));
});
