// Where a popup's open of the sealed index spends its time: the steps of `loadIndex` (index-session.ts,
// index-seal.ts) run one by one with the module's own functions, timed apart. A separate pass from the
// timed open, so the clocks between steps do not weigh on it.
import { utf8Encode } from '@coffer/core';
import { fromBase64, inflate } from '../../../packages/extension/src/sync/blob-encoding.js';
import type { IndexOwner } from '../../../packages/extension/src/sync/index.js';
import { type IndexStore, SecretIndex } from '../../../packages/extension/src/sync/index.js';
import { type PackedIndex, unpackIndex } from '../../../packages/extension/src/sync/index-packing.js';
import { indexAdditionalData } from '../../../packages/extension/src/sync/index-seal.js';

/** The steps, in the order loadIndex takes them. */
export const OPEN_STEPS = ['read', 'base64', 'decrypt', 'inflate', 'parse', 'unpack', 'build'] as const;
export type OpenStep = (typeof OPEN_STEPS)[number];
export type OpenBreakdown = Record<OpenStep, number[]>;

export function emptyBreakdown(): OpenBreakdown {
  return { read: [], base64: [], decrypt: [], inflate: [], parse: [], unpack: [], build: [] };
}

const decoder = new TextDecoder();

/** Opens the stored blob step by step into `into`; throws when it does not open (it must). */
export async function breakDownOpen(
  store: IndexStore,
  key: CryptoKey,
  owner: IndexOwner,
  into: OpenBreakdown,
): Promise<void> {
  let at = performance.now();
  const lap = (step: OpenStep) => {
    const now = performance.now();
    into[step].push(now - at);
    at = now;
  };
  const blob = await store.read();
  if (!blob) throw new Error('nothing stored');
  lap('read');
  const iv = fromBase64(blob.iv);
  const data = fromBase64(blob.data);
  lap('base64');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv, additionalData: utf8Encode(indexAdditionalData(owner)) },
    key,
    data,
  );
  lap('decrypt');
  const inflated = await inflate(new Uint8Array(plain));
  lap('inflate');
  const packed = JSON.parse(decoder.decode(inflated)) as PackedIndex;
  lap('parse');
  const snapshot = unpackIndex(packed);
  lap('unpack');
  SecretIndex.fromSnapshot(snapshot);
  lap('build');
}
