import type { StoredPrivateKey } from '@coffer/core';
import { base64ToBytes, NEVER, openPrivateKey } from '@coffer/core';
import { setApiBase } from '@coffer/web/api/api-client.js';
import { setTokenBackend } from '@coffer/web/api/token-store.js';
import { keepPrivateKeyInMemoryOnly, savePrivateKey } from '@coffer/web/keys/key-store.js';
import { readSession, removeSession, SESSION_KEYS, writeSession } from '../platform/extension-storage.js';

/**
 * An unlocked session as chrome.storage.session keeps it (memory only, never on disk; docs/extension.md).
 * The private key is kept sealed as the server sent it, beside the encryption key that opens it: a
 * page or the service worker re-opens it as a non-extractable CryptoKey when it wakes.
 */
export interface UnlockedSession {
  server: string;
  token: string;
  userId: string;
  email: string;
  sealed: StoredPrivateKey;
  /** Base64 of the AES-256-GCM encryption key derived from the password. */
  encryptionKey: string;
  /**
   * Base64 of the local index's AES-256-GCM key, made at unlock (session/index-key.ts). Only here, in
   * memory: a lock or the browser's close forgets it, and the sealed index on disk no longer opens.
   */
  indexKey: string;
  /** The organisation's auto logout in minutes; -1 never. */
  inactivityMinutes: number;
  /** When the user last used the extension (ms since the epoch). */
  lastActiveAt: number;
}

export async function storeUnlocked(session: UnlockedSession): Promise<void> {
  await writeSession(SESSION_KEYS.unlocked, session);
}

/** The unlocked session, or null when locked, including when the auto logout has passed. */
export async function loadUnlocked(now = Date.now()): Promise<UnlockedSession | null> {
  const session = await readSession<UnlockedSession>(SESSION_KEYS.unlocked);
  if (!session) return null;
  if (isIdleTooLong(session, now)) {
    await lock();
    return null;
  }
  return session;
}

/** Whether the organisation's auto logout has passed since the last use. */
export function isIdleTooLong(
  session: Pick<UnlockedSession, 'inactivityMinutes' | 'lastActiveAt'>,
  now: number,
): boolean {
  if (session.inactivityMinutes === NEVER || session.inactivityMinutes <= 0) return false;
  return now - session.lastActiveAt >= session.inactivityMinutes * 60_000;
}

/** When the session locks by itself (ms since the epoch), or null when it never does. */
export function lockDueAt(
  session: Pick<UnlockedSession, 'inactivityMinutes' | 'lastActiveAt'>,
): number | null {
  if (session.inactivityMinutes === NEVER || session.inactivityMinutes <= 0) return null;
  return session.lastActiveAt + session.inactivityMinutes * 60_000;
}

/** Records a use, which moves the auto logout on. */
export async function touch(session: UnlockedSession, now = Date.now()): Promise<UnlockedSession> {
  const next = { ...session, lastActiveAt: now };
  await storeUnlocked(next);
  return next;
}

/** Forgets the keys and the token: unlocking again needs the password. */
export async function lock(): Promise<void> {
  await removeSession(SESSION_KEYS.unlocked);
  await removeSession(SESSION_KEYS.saveOffer);
}

let memoryToken: string | null = null;

/**
 * Makes this page's copy of the web app's API client and key store serve the session: calls go to
 * the chosen server with the session's token, and the private key lives in this page's memory only.
 */
export function useServer(server: string): void {
  keepPrivateKeyInMemoryOnly();
  setTokenBackend({ read: () => memoryToken, write: (token) => (memoryToken = token) });
  setApiBase(server);
}

/** Re-opens the private key in this page (popup or service worker) from the unlocked session. */
export async function openSession(session: UnlockedSession): Promise<void> {
  useServer(session.server);
  memoryToken = session.token;
  const raw = base64ToBytes(session.encryptionKey);
  try {
    const encryptionKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    await savePrivateKey(await openPrivateKey(session.sealed, encryptionKey));
  } finally {
    raw.fill(0);
  }
}
