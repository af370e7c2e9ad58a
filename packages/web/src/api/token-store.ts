import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, subscribeStorage, writeStorage } from '../lib/local-storage.js';

/** The stored session token, or null when signed out. */
export function getToken(): string | null {
  const token = readStorage(STORAGE_KEYS.token);
  return token === '' ? null : token;
}

/** Stores the token from the sign-in answer's Authorization header (with or without its `Bearer ` prefix). */
export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token.replace(/^Bearer\s+/i, '').trim());
}

/** The token in a component, re-rendering on sign-in and sign-out (also in other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getToken, getToken);
}
