import { ImportError } from './import-error.js';
import { readExport } from './read-export.js';
import type { SourceFile, SourceItem } from './source-item.js';

/**
 * What the page sends the import worker: the chosen file itself (a Blob is passed by reference, its
 * bytes are not copied) and how to open it.
 */
export interface ToImportWorker {
  file: Blob;
  format?: string;
  password?: string;
  keyFile?: ArrayBuffer;
}

/**
 * What the worker answers: batches of items as they are read, then the parsed file's counts and
 * problems (its items are those batches), or why it cannot be read (an ImportError's kind and text).
 */
export type FromImportWorker =
  | { kind: 'items'; format: string; items: SourceItem[] }
  | { kind: 'done'; file: SourceFile }
  | { kind: 'failed'; error: ImportError['kind'] | 'failed'; message: string };

/** Shown when parsing failed for a reason the parsers do not name (never the file's content). */
export const PARSE_FAILED_MESSAGE = 'The file could not be read.';

/** Parses one file as the worker does, posting each answer; also the page's fallback where there are no workers. */
export async function handleImportMessage(
  message: ToImportWorker,
  post: (answer: FromImportWorker) => void,
): Promise<void> {
  try {
    const file = await readExport(
      message.file,
      {
        ...(message.format ? { format: message.format } : {}),
        ...(message.password ? { password: message.password } : {}),
        ...(message.keyFile ? { keyFile: new Uint8Array(message.keyFile) } : {}),
      },
      (items, format) => post({ kind: 'items', format, items }),
    );
    post({ kind: 'done', file });
  } catch (error) {
    if (error instanceof ImportError) post({ kind: 'failed', error: error.kind, message: error.message });
    else post({ kind: 'failed', error: 'failed', message: PARSE_FAILED_MESSAGE });
  }
}

/** The attachments' buffers of a batch of items, to transfer rather than copy to the page. */
export function transferablesOf(answer: FromImportWorker): ArrayBuffer[] {
  if (answer.kind !== 'items') return [];
  const buffers = new Set<ArrayBuffer>();
  for (const item of answer.items)
    for (const file of item.attachments)
      if (file.data.buffer instanceof ArrayBuffer) buffers.add(file.data.buffer);
  return [...buffers];
}

/**
 * Gathers the worker's answers into the parsed file: `take` returns it once the last answer came,
 * throws the parsers' ImportError on a refusal, and undefined while items are still arriving.
 */
export function answerCollector(): (answer: FromImportWorker) => SourceFile | undefined {
  const items: SourceItem[] = [];
  return (answer) => {
    if (answer.kind === 'items') {
      // One by one: a spread of a long batch would pass the engine's argument limit.
      for (const item of answer.items) items.push(item);
      return undefined;
    }
    if (answer.kind === 'done') return { ...answer.file, items };
    if (answer.error === 'failed') throw new Error(answer.message);
    throw new ImportError(answer.error, answer.message);
  };
}
