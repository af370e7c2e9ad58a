import { describe, expect, it } from 'vitest';
import { clearSession } from '../lib/clear-session.js';
import { deletePrivateKey, loadPrivateKey, savePrivateKey } from './key-store.js';

async function rsaPrivateKey(extractable: boolean): Promise<CryptoKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    extractable,
    ['encrypt', 'decrypt'],
  );
  return pair.privateKey;
}

describe('key store', () => {
  it('keeps a non-extractable private key and gives it back', async () => {
    const key = await rsaPrivateKey(false);
    await savePrivateKey(key);
    const loaded = await loadPrivateKey();
    expect(loaded).not.toBeNull();
    expect(loaded?.extractable).toBe(false);
    expect(loaded?.usages).toContain('decrypt');
    await deletePrivateKey();
    expect(await loadPrivateKey()).toBeNull();
  });

  it('refuses an extractable key, so raw key bytes can never be read back out', async () => {
    await expect(savePrivateKey(await rsaPrivateKey(true))).rejects.toThrow(/non-extractable/);
    expect(await loadPrivateKey()).toBeNull();
  });

  it('deletes the key when the session is cleared (logout, lock, inactivity)', async () => {
    await savePrivateKey(await rsaPrivateKey(false));
    clearSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await loadPrivateKey()).toBeNull();
  });
});

describe('key store and the end of a session', () => {
  it('does not keep a key whose save was still in flight when the session ended', async () => {
    const saving = savePrivateKey(await rsaPrivateKey(false));
    await deletePrivateKey();
    await saving;
    expect(await loadPrivateKey()).toBeNull();
  });

  it('logOut deletes the key from IndexedDB before it navigates', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { logOut } = await import('../session/session-actions.js');
    const { mockFetch } = await import('../test/mock-fetch.js');
    localStorage.setItem('token', 'tok');
    mockFetch({ 'DELETE /users/sign_out.json': { status: 204 } });
    await savePrivateKey(await rsaPrivateKey(false));
    let keyAtNavigation: CryptoKey | null | undefined;
    await logOut(new QueryClient(), async () => {
      keyAtNavigation = await loadPrivateKey();
    });
    expect(keyAtNavigation).toBeNull();
  });
});
