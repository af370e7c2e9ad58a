import { ImportError } from './import-error.js';
import type { FromImportWorker, ToImportWorker } from './import-worker-protocol.js';
import { handleImportMessage, PARSE_FAILED_MESSAGE } from './import-worker-protocol.js';
import type { SourceFile } from './source-item.js';

/** How a file is opened: a format chosen instead of detected, its password and KeePass key file. */
export interface ParseRequest {
  format?: string;
  password?: string;
  keyFile?: ArrayBuffer;
}

function toResult(answer: FromImportWorker): SourceFile {
  if (answer.ok) return answer.file;
  if (answer.kind === 'failed') throw new Error(answer.message);
  throw new ImportError(answer.kind, answer.message);
}

/**
 * Parses an export in a Web Worker (the file's ArrayBuffer is transferred, the SourceFile posted
 * back), so the page stays responsive; where the browser has no workers (tests under jsdom), on the
 * page. Rejects with the parsers' ImportError (needs-password, wrong-password, unknown-format…).
 * An abort terminates the worker.
 */
export async function parseInWorker(
  bytes: ArrayBuffer,
  request: ParseRequest = {},
  signal?: AbortSignal,
): Promise<SourceFile> {
  const message: ToImportWorker = { bytes, ...request };
  if (typeof Worker !== 'function') return toResult(await handleImportMessage(message));
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<FromImportWorker>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<FromImportWorker>) => resolve(event.data));
      worker.addEventListener('error', () => reject(new Error(PARSE_FAILED_MESSAGE)));
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      const transfer: Transferable[] = [bytes];
      if (request.keyFile) transfer.push(request.keyFile);
      worker.postMessage(message, transfer);
    });
    return toResult(answer);
  } finally {
    worker.terminate();
  }
}
