import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, subscribeStorage, writeStorage } from '../lib/local-storage.js';

/** Where the token is kept: localStorage in the web app; the extension keeps it in memory (docs/extension.md). */
export interface TokenBackend {
  read(): string | null;
  write(token: string): void;
}

const localStorageBackend: TokenBackend = {
  read: () => readStorage(STORAGE_KEYS.token),
  write: (token) => writeStorage(STORAGE_KEYS.token, token),
};

let backend: TokenBackend = localStorageBackend;

/** Replaces where the token is kept (the browser extension); the API client reads it through getToken. */
export function setTokenBackend(next: TokenBackend): void {
  backend = next;
}

/** The stored session token, or null when signed out. */
export function getToken(): string | null {
  const token = backend.read();
  return token === '' ? null : token;
}

/** Stores the token from the sign-in answer's Authorization header (with or without its `Bearer ` prefix). */
export function setToken(token: string): void {
  backend.write(token.replace(/^Bearer\s+/i, '').trim());
}

/** The token in a component, re-rendering on sign-in and sign-out (also in other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getToken, getToken);
}
