import { createEvent } from './create-event.js';

/** Every localStorage key the web app uses. Nothing holding key material may ever be added (crypto.md). */
export const STORAGE_KEYS = {
  token: 'token',
  darkMode: 'dark_mode',
  lastChest: 'lastChest',
} as const;

/** Fires with the key that changed in this tab, or null when many keys changed at once. */
export const storageChanged = createEvent<string | null>();

// Storage can throw (disabled storage, private modes, quota); the app then behaves as if nothing is stored.
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Reads a key, or null when absent or unreadable. */
export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key and tells this tab's subscribers. */
export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // A full or disabled storage only costs persistence across reloads.
  }
  storageChanged.emit(key);
}

/** Removes a key and tells this tab's subscribers. */
export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
  storageChanged.emit(key);
}

/** Removes every key except `keep`, then tells subscribers once. */
export function clearStorageExcept(keep: readonly string[]): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (key !== null && !keep.includes(key)) store.removeItem(key);
    }
  } catch {
    // Unreadable storage holds nothing we could leak.
  }
  storageChanged.emit(null);
}

/** Subscribes to changes of this tab and of other tabs (the browser's storage event). */
export function subscribeStorage(listener: () => void): () => void {
  const unsubscribe = storageChanged.subscribe(listener);
  globalThis.addEventListener?.('storage', listener);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('storage', listener);
  };
}
