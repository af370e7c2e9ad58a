/*
 * The two stores the extension uses, and nothing else:
 * - chrome.storage.session: memory only, cleared when the browser closes, readable by the extension's
 *   own pages and service worker only (trusted contexts). The unlocked session lives here.
 * - chrome.storage.local: on disk. The server's address, the last e-mail and the sealed local index (one
 *   blob per server and user, AES-GCM under a key that lives only in the session store), never key material.
 */

/** Keys of chrome.storage.session. */
export const SESSION_KEYS = { unlocked: 'unlocked', saveOffer: 'saveOffer' } as const;

/** Keys of chrome.storage.local (no secrets: crypto.md's rule for localStorage holds here too). */
export const LOCAL_KEYS = { server: 'server', email: 'email' } as const;

/** Keeps the session store away from content scripts; the default in Chromium, said again on purpose. */
export async function restrictSessionStore(): Promise<void> {
  await chrome.storage.session.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}

export async function readSession<T>(key: string): Promise<T | null> {
  const found = await chrome.storage.session.get(key);
  return (found[key] as T | undefined) ?? null;
}

export async function writeSession(key: string, value: unknown): Promise<void> {
  await chrome.storage.session.set({ [key]: value });
}

export async function removeSession(key: string): Promise<void> {
  await chrome.storage.session.remove(key);
}

export async function readLocal(key: string): Promise<string | null> {
  const found = await chrome.storage.local.get(key);
  const value = found[key];
  return typeof value === 'string' ? value : null;
}

export async function writeLocal(key: string, value: string): Promise<void> {
  await chrome.storage.local.set({ [key]: value });
}

/** The local-store key of the sealed index of one user of one server. */
export function indexStoreKey(server: string, userId: string): string {
  return `index:${server}:${userId}`;
}

/** Reads any JSON value from chrome.storage.local (the sealed index). */
export async function readLocalValue<T>(key: string): Promise<T | null> {
  const found = await chrome.storage.local.get(key);
  return (found[key] as T | undefined) ?? null;
}

export async function writeLocalValue(key: string, value: unknown): Promise<void> {
  await chrome.storage.local.set({ [key]: value });
}

export async function removeLocal(key: string): Promise<void> {
  await chrome.storage.local.remove(key);
}
