import { describe, expect, it } from 'vitest';
import { clearSession } from '../lib/clear-session.js';
import { withKeyDatabaseStore } from './key-database.js';
import { checkPin, loadPin, savePin } from './key-pins.js';
import { loadPrivateKey, savePrivateKey } from './key-store.js';

// A browser that signed in before pins existed: 'coffer-keys' at version 1 with the store 'keys' only.
function createVersionOneDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('coffer-keys', 1);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore('keys').put('kept', 'marker');
    };
    opening.onsuccess = () => {
      opening.result.close();
      resolve();
    };
    opening.onerror = () => reject(opening.error);
  });
}

async function nonExtractablePrivateKey(): Promise<CryptoKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['encrypt', 'decrypt'],
  );
  return pair.privateKey;
}

describe('public key pins', () => {
  // First in the file: the database must not exist yet.
  it('upgrades a version 1 database, keeping its keys store and adding pins', async () => {
    await createVersionOneDatabase();
    await savePin('u-ada', 'u-bob', 'aaaa bbbb');
    expect(await loadPin('u-ada', 'u-bob')).toBe('aaaa bbbb');
    expect(await withKeyDatabaseStore('keys', 'readonly', (store) => store.get('marker'))).toBe('kept');
  });

  it('pins an unknown user on first use, then tells the same key from a changed one', async () => {
    expect(await loadPin('u-ada', 'u-carol')).toBeUndefined();
    expect(await checkPin('u-ada', 'u-carol', '1111 2222')).toBe('first-use');
    expect(await loadPin('u-ada', 'u-carol')).toBe('1111 2222');
    expect(await checkPin('u-ada', 'u-carol', '1111 2222')).toBe('same');
    expect(await checkPin('u-ada', 'u-carol', '3333 4444')).toBe('changed');
    // A changed key is left for the user to accept: the pin stays until savePin.
    expect(await loadPin('u-ada', 'u-carol')).toBe('1111 2222');
  });

  it('keeps pins per signed-in user', async () => {
    await savePin('u-ada', 'u-dan', 'aaaa');
    expect(await loadPin('u-bob', 'u-dan')).toBeUndefined();
    expect(await checkPin('u-bob', 'u-dan', 'bbbb')).toBe('first-use');
    expect(await loadPin('u-ada', 'u-dan')).toBe('aaaa');
  });

  it('keeps pins when the session is cleared, while the private key is deleted', async () => {
    await savePin('u-ada', 'u-erin', 'cafe f00d');
    await savePrivateKey(await nonExtractablePrivateKey());
    clearSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await loadPrivateKey()).toBeNull();
    expect(await withKeyDatabaseStore('pins', 'readonly', (store) => store.get('u-ada:u-erin'))).toBe(
      'cafe f00d',
    );
  });
});
