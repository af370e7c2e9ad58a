// The index across popups: opened from its sealed blob at the start, sealed and stored after each
// sync. A blob that does not open with this session's key (a key from an earlier unlock, another
// user or server, a flipped bit) is discarded: the next sync is a full one.
import type { IndexOwner } from './index-entry.js';
import { openIndex, sealIndex } from './index-seal.js';
import type { IndexStore } from './index-store.js';
import { SecretIndex } from './secret-index.js';

export interface IndexPlace {
  store: IndexStore;
  /** The index key of this unlock (createIndexKey). */
  key: CryptoKey;
}

/** The stored index of `owner`, or an empty one (and the stored blob cleared) when it does not open. */
export async function loadIndex({ store, key }: IndexPlace, owner: IndexOwner): Promise<SecretIndex> {
  const blob = await store.read();
  if (blob) {
    const snapshot = await openIndex(key, blob, owner);
    if (snapshot) return SecretIndex.fromSnapshot(snapshot);
    await store.clear();
  }
  return SecretIndex.empty(owner);
}

/** Seals the index under the key and stores it, replacing the previous blob. */
export async function saveIndex({ store, key }: IndexPlace, index: SecretIndex): Promise<void> {
  await store.write(await sealIndex(key, index.toSnapshot()));
}
