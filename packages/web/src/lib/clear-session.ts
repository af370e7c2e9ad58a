import { createEvent } from './create-event.js';
import { clearStorageExcept, STORAGE_KEYS } from './local-storage.js';

/** The only keys that outlive a session: the theme and the last chest viewed. */
export const KEPT_STORAGE_KEYS: readonly string[] = [STORAGE_KEYS.darkMode, STORAGE_KEYS.lastChest];

/**
 * Fired after clearSession(). Whoever keeps session material outside localStorage subscribes and
 * drops it: the unlocked private key in IndexedDB, decrypted secrets in memory, the query cache.
 */
export const sessionCleared = createEvent<void>();

/** Ends the session in this browser: removes every localStorage key but dark_mode and lastChest. */
export function clearSession(): void {
  clearStorageExcept(KEPT_STORAGE_KEYS);
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Unavailable session storage holds nothing.
  }
  sessionCleared.emit();
}
