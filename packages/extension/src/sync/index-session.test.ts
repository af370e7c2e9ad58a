// @vitest-environment node
// Node's WebCrypto: jsdom's realm does not hand every key to it (docs/testing.md).
import { base64ToBytes, bytesToBase64 } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import type { IndexOwner } from './index-entry.js';
import { createIndexKey } from './index-seal.js';
import { loadIndex, saveIndex } from './index-session.js';
import { memoryIndexStore, type SealedIndexBlob } from './index-store.js';
import { SecretIndex } from './secret-index.js';

const OWNER: IndexOwner = { userId: 'user-1', server: 'https://coffer.test' };

function filledIndex(owner = OWNER): SecretIndex {
  const index = SecretIndex.empty(owner);
  index.put({
    secretId: 's-1',
    revision: 3,
    chestId: 'c-1',
    chestName: 'Work',
    name: 'Mail',
    category: 'password',
    urls: [{ url: 'https://mail.example.com', match: 'host' }],
    sites: ['example.com'],
    username: 'ann@example.com',
  });
  index.skip('s-2', 1);
  index.cursor = '42';
  return index;
}

function flipFirstByte(blob: SealedIndexBlob): SealedIndexBlob {
  const bytes = base64ToBytes(blob.data);
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return { ...blob, data: bytesToBase64(bytes) };
}

describe('the sealed index', () => {
  it('comes back whole with the key of this unlock, and the store sees only ciphertext', async () => {
    const store = memoryIndexStore();
    const key = await createIndexKey();
    await saveIndex({ store, key }, filledIndex());

    const stored = JSON.stringify(store.blob);
    expect(stored).not.toContain('example.com');
    expect(stored).not.toContain('Mail');
    const opened = await loadIndex({ store, key }, OWNER);
    expect(opened.toSnapshot()).toEqual(filledIndex().toSnapshot());
    expect(opened.candidatesFor('https://www.example.com/inbox').map((entry) => entry.secretId)).toEqual([
      's-1',
    ]);
  });

  it('the key cannot be exported', async () => {
    const key = await createIndexKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it.each([
    [
      'a tampered blob',
      async (blob: SealedIndexBlob, key: CryptoKey) => ({ blob: flipFirstByte(blob), key, owner: OWNER }),
    ],
    [
      'the key of an earlier unlock',
      async (blob: SealedIndexBlob) => ({ blob, key: await createIndexKey(), owner: OWNER }),
    ],
    [
      'another user',
      async (blob: SealedIndexBlob, key: CryptoKey) => ({ blob, key, owner: { ...OWNER, userId: 'user-2' } }),
    ],
    [
      'another server',
      async (blob: SealedIndexBlob, key: CryptoKey) => ({
        blob,
        key,
        owner: { ...OWNER, server: 'https://evil.test' },
      }),
    ],
    [
      'an unknown version',
      async (blob: SealedIndexBlob, key: CryptoKey) => ({
        blob: { ...blob, version: 2 as 1 },
        key,
        owner: OWNER,
      }),
    ],
    [
      'an IV that is not base64',
      async (blob: SealedIndexBlob, key: CryptoKey) => ({ blob: { ...blob, iv: '%%' }, key, owner: OWNER }),
    ],
  ])('is discarded for %s, and an empty index follows (a full sync)', async (_case, change) => {
    const key = await createIndexKey();
    const store = memoryIndexStore();
    await saveIndex({ store, key }, filledIndex());
    const sealed = store.blob as SealedIndexBlob;
    const attempt = await change(sealed, key);
    const tampered = memoryIndexStore(attempt.blob);

    const opened = await loadIndex({ store: tampered, key: attempt.key }, attempt.owner);

    expect(opened.size).toBe(0);
    expect(opened.cursor).toBeNull();
    expect(opened.owner).toEqual(attempt.owner);
    expect(tampered.blob).toBeNull();
  });

  it('starts empty when nothing is stored', async () => {
    const opened = await loadIndex({ store: memoryIndexStore(), key: await createIndexKey() }, OWNER);
    expect(opened.size).toBe(0);
    expect(opened.cursor).toBeNull();
  });
});
