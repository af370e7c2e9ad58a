import type { FromImportWorker, ToImportWorker } from './import-worker-protocol.js';
import { answerCollector, handleImportMessage, PARSE_FAILED_MESSAGE } from './import-worker-protocol.js';
import type { SourceFile } from './source-item.js';

/** How a file is opened: a format chosen instead of detected, its password and KeePass key file. */
export interface ParseRequest {
  format?: string;
  password?: string;
  keyFile?: ArrayBuffer;
}

/**
 * Parses an export in a Web Worker, so the page stays responsive: the file itself is posted (a Blob
 * is not copied), the worker reads it (a Bitwarden JSON export as it streams) and posts the items
 * back in batches as they are read; where the browser has no workers (tests under jsdom), on the
 * page. Rejects with the parsers' ImportError (needs-password, wrong-password, unknown-format…).
 * An abort terminates the worker.
 */
export async function parseInWorker(
  file: Blob,
  request: ParseRequest = {},
  signal?: AbortSignal,
): Promise<SourceFile> {
  const message: ToImportWorker = { file, ...request };
  const take = answerCollector();
  if (typeof Worker !== 'function') {
    let parsed: SourceFile | undefined;
    await handleImportMessage(message, (answer) => {
      parsed = take(answer) ?? parsed;
    });
    if (!parsed) throw new Error(PARSE_FAILED_MESSAGE);
    return parsed;
  }
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<SourceFile>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<FromImportWorker>) => {
        try {
          const parsed = take(event.data);
          if (parsed) resolve(parsed);
        } catch (error) {
          reject(error);
        }
      });
      worker.addEventListener('error', () => reject(new Error(PARSE_FAILED_MESSAGE)));
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      worker.postMessage(message, request.keyFile ? [request.keyFile] : []);
    });
  } finally {
    worker.terminate();
  }
}
