import { loadPrivateKey } from '@coffer/web/keys/key-store.js';
import {
  indexStoreKey,
  readLocalValue,
  removeLocal,
  writeLocalValue,
} from '../platform/extension-storage.js';
import { importIndexKey } from '../session/index-key.js';
import type { UnlockedSession } from '../session/unlocked-session.js';
import {
  createHttpTransport,
  createIndexOpener,
  type IndexPlace,
  type IndexStore,
  loadIndex,
  type SealedIndexBlob,
  type SecretIndex,
  type SyncCounts,
  saveIndex,
  syncIndex,
} from '../sync/index.js';
import { toVaultEntry, type VaultEntry } from './vault-entry.js';

/*
 * The popup's and the shortcut's list comes from the encrypted local index (src/sync/, issue 29): its
 * sealed blob in chrome.storage.local (one per server and user), opened with the session's index key;
 * a sync asks the server only what changed since the last one and opens only those payloads.
 */

/** The sealed index of this session's user on this server, in chrome.storage.local. */
function localIndexStore(session: UnlockedSession): IndexStore {
  const key = indexStoreKey(session.server, session.userId);
  return {
    read: () => readLocalValue<SealedIndexBlob>(key),
    write: (blob) => writeLocalValue(key, blob),
    clear: () => removeLocal(key),
  };
}

async function placeOf(session: UnlockedSession): Promise<IndexPlace> {
  return { store: localIndexStore(session), key: await importIndexKey(session.indexKey) };
}

/** The stored index, or an empty one when it does not open (an earlier unlock's key: discarded). */
export async function openLocalIndex(session: UnlockedSession): Promise<SecretIndex> {
  return loadIndex(await placeOf(session), { userId: session.userId, server: session.server });
}

/**
 * Brings the index up to date with the server and stores it sealed again. Payloads are opened in
 * workers where this page has them (the popup), inline where it does not (the service worker); the
 * private key must already be open in this page (openSession).
 */
export async function syncLocalIndex(session: UnlockedSession, index: SecretIndex): Promise<SyncCounts> {
  const privateKey = await loadPrivateKey();
  if (!privateKey) throw new Error('Coffer is locked.');
  const opener = createIndexOpener({ userId: session.userId, privateKey });
  try {
    const counts = await syncIndex({
      index,
      opener,
      transport: createHttpTransport({ server: session.server, token: () => session.token }),
    });
    await saveIndex(await placeOf(session), index);
    return counts;
  } finally {
    opener.close();
  }
}

/** The index's entries as the popup lists them. */
export function vaultEntriesOf(index: SecretIndex): VaultEntry[] {
  return [...index.entries()].map(toVaultEntry);
}
