import { describe, expect, it } from 'vitest';
import { deletePrivateKey, keepPrivateKeyInMemoryOnly, loadPrivateKey, savePrivateKey } from './key-store.js';

// The browser extension keeps the unlocked key in memory only (docs/extension.md): never in IndexedDB.
describe('the key store in memory only', () => {
  it('keeps the key in this page and never opens IndexedDB', async () => {
    keepPrivateKeyInMemoryOnly();
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['encrypt', 'decrypt'],
    );
    await savePrivateKey(pair.privateKey);
    expect(await loadPrivateKey()).toBe(pair.privateKey);
    expect(await indexedDB.databases()).toEqual([]);
    await deletePrivateKey();
    expect(await loadPrivateKey()).toBeNull();
  });
});
