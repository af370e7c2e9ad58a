import type { Profile } from '@coffer/core';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { signOut } from '../api/accounts-api.js';
import { seedProfile } from '../api/accounts-queries.js';
import { dropSessionCache } from '../api/session-cache.js';
import { getToken, setToken } from '../api/token-store.js';
import { deletePrivateKey } from '../keys/key-store.js';
import { clearSession } from '../lib/clear-session.js';
import { clearStorageExcept, STORAGE_KEYS, writeStorage } from '../lib/local-storage.js';
import { paths } from '../navigation/paths.js';

/**
 * Starts a session after a 201 from sign-in: clears what a previous user left (all but dark_mode,
 * spec section 4), seeds the profile cache and stores the token. Call it before storing the
 * unlocked private key, so that nothing of the new session is cleared.
 */
export function startSession(queryClient: QueryClient, token: string, profile: Profile): void {
  clearStorageExcept([STORAGE_KEYS.darkMode]);
  dropSessionCache(queryClient);
  seedProfile(queryClient, profile);
  writeStorage(STORAGE_KEYS.darkMode, String(profile.dark_mode === true));
  setToken(token);
}

/** Ends the session locally: storage (but dark_mode and lastChest), key material listeners, server cache. */
export function endSession(queryClient: QueryClient): void {
  clearSession();
  dropSessionCache(queryClient);
}

/**
 * Logs out: revokes the token on the server (best effort), ends the session, deletes the private
 * key from IndexedDB and goes to /login.
 */
export async function logOut(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  // Best effort: the session ends here whatever the server answers.
  if (getToken()) await signOut().catch(() => undefined);
  endSession(queryClient);
  // The key store also deletes on sessionCleared; waiting here means /login never shows while it is still there.
  await deletePrivateKey().catch(() => undefined);
  await navigate(paths.login, { replace: true });
}
