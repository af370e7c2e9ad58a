import { parseExport } from './detect-format.js';
import { ImportError } from './import-error.js';
import type { SourceFile } from './source-item.js';

/** What the page sends the import worker: the file's bytes (transferred) and how to open it. */
export interface ToImportWorker {
  bytes: ArrayBuffer;
  format?: string;
  password?: string;
  keyFile?: ArrayBuffer;
}

/** What the worker answers: the parsed file, or why it cannot be read (an ImportError's kind and text). */
export type FromImportWorker =
  | { ok: true; file: SourceFile }
  | { ok: false; kind: ImportError['kind'] | 'failed'; message: string };

/** Shown when parsing failed for a reason the parsers do not name (never the file's content). */
export const PARSE_FAILED_MESSAGE = 'The file could not be read.';

/** Parses one file as the worker does; also the page's fallback where there are no workers. */
export async function handleImportMessage(message: ToImportWorker): Promise<FromImportWorker> {
  try {
    const file = await parseExport(new Uint8Array(message.bytes), {
      ...(message.format ? { format: message.format } : {}),
      ...(message.password ? { password: message.password } : {}),
      ...(message.keyFile ? { keyFile: new Uint8Array(message.keyFile) } : {}),
    });
    return { ok: true, file };
  } catch (error) {
    if (error instanceof ImportError) return { ok: false, kind: error.kind, message: error.message };
    return { ok: false, kind: 'failed', message: PARSE_FAILED_MESSAGE };
  }
}

/** The attachments' buffers of a parsed file, to transfer rather than copy back to the page. */
export function transferablesOf(answer: FromImportWorker): ArrayBuffer[] {
  if (!answer.ok) return [];
  const buffers = new Set<ArrayBuffer>();
  for (const item of answer.file.items)
    for (const file of item.attachments)
      if (file.data.buffer instanceof ArrayBuffer) buffers.add(file.data.buffer);
  return [...buffers];
}
