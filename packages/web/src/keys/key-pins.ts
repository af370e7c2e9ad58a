import { withKeyDatabaseStore } from './key-database.js';

/*
 * Public key pins (crypto.md, "Public keys the client did not make"): for each colleague this
 * browser has wrapped secret keys for, the SHA-256 fingerprint of the public key it first saw,
 * kept in IndexedDB ('coffer-keys', store 'pins') under `${ownUserId}:${otherUserId}`.
 *
 * Pins are deliberately NOT deleted when the session ends (logout, lock, inactivity): they are
 * fingerprints of public keys, not key material, and only a pin that outlives sessions can notice a
 * key the server swapped between two of them. The private key in the same database still is deleted.
 */

/** How a public key compares with the pin: never seen (now pinned), the pinned one, or another. */
export type PinVerdict = 'first-use' | 'same' | 'changed';

// Mirrors what was pinned, so a browser whose IndexedDB fails still pins for the page's life.
const remembered = new Map<string, string>();

function pinId(ownUserId: string, otherUserId: string): string {
  return `${ownUserId}:${otherUserId}`;
}

/** The fingerprint pinned for `otherUserId` as seen by `ownUserId`, if any. */
export async function loadPin(ownUserId: string, otherUserId: string): Promise<string | undefined> {
  const id = pinId(ownUserId, otherUserId);
  try {
    const stored = await withKeyDatabaseStore<unknown>('pins', 'readonly', (store) => store.get(id));
    if (typeof stored === 'string') return stored;
  } catch {
    // Fall back to what this page pinned.
  }
  return remembered.get(id);
}

/** Pins (or re-pins, after the user accepted a changed key) a fingerprint for `otherUserId`. */
export async function savePin(ownUserId: string, otherUserId: string, fingerprint: string): Promise<void> {
  const id = pinId(ownUserId, otherUserId);
  remembered.set(id, fingerprint);
  try {
    await withKeyDatabaseStore('pins', 'readwrite', (store) => store.put(fingerprint, id));
  } catch {
    // Kept in memory only; the next page load trusts on first use again.
  }
}

/**
 * Compares a public key's fingerprint with the pin. An unknown user's key is pinned at once (trust
 * on first use); a changed key is NOT re-pinned here: the caller asks the user, then calls savePin.
 */
export async function checkPin(
  ownUserId: string,
  otherUserId: string,
  fingerprint: string,
): Promise<PinVerdict> {
  const pinned = await loadPin(ownUserId, otherUserId);
  if (pinned === fingerprint) return 'same';
  if (pinned !== undefined) return 'changed';
  await savePin(ownUserId, otherUserId, fingerprint);
  return 'first-use';
}
