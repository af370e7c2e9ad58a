import { base64ToBytes } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { loadIndex, memoryIndexStore, SecretIndex, saveIndex } from '../sync/index.js';
import { createIndexKeyBytes, importIndexKey } from './index-key.js';

const owner = { userId: 'u1', server: 'https://coffer.test' };

describe('the index key of an unlock', () => {
  it('is 32 fresh random bytes each unlock, imported as a key that cannot be exported', async () => {
    const first = createIndexKeyBytes();
    expect(base64ToBytes(first)).toHaveLength(32);
    expect(createIndexKeyBytes()).not.toBe(first);
    const key = await importIndexKey(first);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
  });

  it('opens the index sealed in this unlock; after another unlock the blob is discarded', async () => {
    const store = memoryIndexStore();
    const unlock = createIndexKeyBytes();
    const index = SecretIndex.empty(owner);
    index.cursor = 'c1';
    await saveIndex({ store, key: await importIndexKey(unlock) }, index);

    const again = await loadIndex({ store, key: await importIndexKey(unlock) }, owner);
    expect(again.cursor).toBe('c1');

    const later = await loadIndex({ store, key: await importIndexKey(createIndexKeyBytes()) }, owner);
    expect(later.cursor).toBeNull();
    expect(store.blob).toBeNull();
  });
});
