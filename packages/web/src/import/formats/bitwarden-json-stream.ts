import { JSONParser } from '@streamparser/json';
import { ImportError } from '../import-error.js';
import { emptySourceFile, type SourceFile, type SourceItem } from '../source-item.js';
import { type BitwardenNames, bitwardenJson, namesById, readBitwardenItem } from './bitwarden-json.js';

// Bitwarden's unencrypted JSON export read as it streams (issue 28: a 50 MB export must not take the
// tab's memory). The whole text and the whole parsed tree are never held: @streamparser/json emits
// the folders (or collections) list, then each entry of `items` on its own, which becomes a SourceItem
// at once and is handed on in batches; only the SourceItems are kept, and not even those here.
// read-export.ts streams a file only when it begins as Bitwarden writes it (folders or collections
// before items), so the names are known before the items that refer to them.

/** Items handed on per batch: small enough to post to the page as they come, few enough messages. */
export const ITEM_BATCH = 500;

const DAMAGED = 'The file looks like JSON but cannot be read: it may be cut short or damaged.';

/**
 * Reads a Bitwarden export from its bytes as they arrive; `onItems` is given each batch of items,
 * and the SourceFile returned has the counts and problems with no items of its own.
 */
export async function streamBitwardenJson(
  stream: ReadableStream<Uint8Array>,
  onItems: (items: SourceItem[]) => void,
): Promise<SourceFile> {
  const file = emptySourceFile(bitwardenJson.id);
  const names: BitwardenNames = { folders: new Map(), collections: new Map() };
  let batch: SourceItem[] = [];
  let index = 0;
  const parser = new JSONParser({ paths: ['$.folders', '$.collections', '$.items.*'], keepStack: false });
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && (key === 'folders' || key === 'collections')) {
      for (const [id, name] of namesById(value)) names[key].set(id, name);
      return;
    }
    if (stack.length !== 2 || typeof key !== 'number') return;
    const item = readBitwardenItem(value, index, names, file);
    index += 1;
    if (!item) return;
    batch.push(item);
    if (batch.length >= ITEM_BATCH) {
      onItems(batch);
      batch = [];
    }
  };
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.write(value);
    }
    // The parser ends itself when the document closes; a document cut short is ended here, and fails.
    if (!parser.isEnded) parser.end();
  } catch {
    throw new ImportError('damaged', DAMAGED);
  } finally {
    reader.releaseLock();
  }
  if (batch.length > 0) onItems(batch);
  return file;
}
