import { type ParseOptions, parseExport } from './detect-format.js';
import type { SourceFile, SourceItem } from './source-item.js';

// How the worker reads a chosen file: a Bitwarden JSON export as it streams (never whole), every
// other format whole, as its parser needs. Items are handed on in batches either way, so the worker
// can post them to the page as they come rather than hold them all and then a copy for the page.

const BATCH = 500;
/**
 * How Bitwarden begins its unencrypted export: `encrypted` false, then its folders or collections,
 * then its items, so the names arrive before the items that refer to them. Such a file is streamed;
 * one that begins otherwise (or a password-protected one, which must be decrypted whole) is read whole.
 */
export const BITWARDEN_STREAM_HEAD =
  /^\uFEFF?\s*\{\s*"encrypted"\s*:\s*false\s*,\s*"(folders|collections)"\s*:\s*\[/;
// Enough of the file's start to match BITWARDEN_STREAM_HEAD.
const HEAD_BYTES = 512;

// FileReader where a Blob has no arrayBuffer() (jsdom, which the page's tests run in).
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Reads an export: `onItems` receives its items in batches, and the SourceFile returned holds the
 * format, skipped counts and problems (its `items` empty). Throws the parsers' ImportError.
 */
export async function readExport(
  blob: Blob,
  options: ParseOptions,
  onItems: (items: SourceItem[], format: string) => void,
): Promise<SourceFile> {
  if (!options.format && typeof blob.stream === 'function') {
    const head = new TextDecoder().decode(await blobBytes(blob.slice(0, HEAD_BYTES)));
    if (BITWARDEN_STREAM_HEAD.test(head)) {
      // The streaming reader (and @streamparser/json) is loaded only for a file it reads.
      const { streamBitwardenJson } = await import('./formats/bitwarden-json-stream.js');
      return streamBitwardenJson(blob.stream(), (items) => onItems(items, 'bitwarden-json'));
    }
  }
  const file = await parseExport(new Uint8Array(await blobBytes(blob)), options);
  for (let at = 0; at < file.items.length; at += BATCH)
    onItems(file.items.slice(at, at + BATCH), file.format);
  return { ...file, items: [] };
}
