// The open-secret benchmark's page, served by the real server. It signs in with the web app's own
// flow (which unlocks the private key into the key store) and then opens secrets three ways:
// `app` is the web app's openSecretRecord (API client, key store, core, payload normalising),
// `core` is a plain fetch plus core's unwrapSecretKey and openSecret, `raw` is a plain fetch plus
// bare WebCrypto calls; then both decryptions again on an already fetched record, without the
// network. Every way must give the same payload.
import { openSecret, type Secret, unwrapSecretKey } from '@coffer/core';
import { openSecretRecord } from '@coffer/web-src/crypto-client/open-secret-record.js';
import { decryptRaw, fetchSecretPlainly } from '../bare-webcrypto.js';
import { publishBench, signedInPrivateKey, signIn } from '../bench-kit.js';

type Variant = 'raw' | 'core' | 'app';
type Opener = (id: string, userId: string) => Promise<object>;

/** Core's functions, as the app calls them. */
async function decryptWithCore(secret: Secret, userId: string): Promise<object> {
  const wrapped = secret.secret_key?.encrypted_value ?? '';
  const secretKey = await unwrapSecretKey(wrapped, signedInPrivateKey(), { secretId: secret.id, userId });
  try {
    return await openSecret({ ...secret, secretId: secret.id }, secretKey);
  } finally {
    secretKey.fill(0);
  }
}

const openers: Record<Variant, Opener> = {
  raw: async (id, userId) => decryptRaw(await fetchSecretPlainly(id), userId, signedInPrivateKey()),
  core: async (id, userId) => decryptWithCore(await fetchSecretPlainly(id), userId),
  app: async (id, userId) => (await openSecretRecord(id, userId)).payload,
};

type Times = Record<Variant, number[]> & { decryptRaw: number[]; decryptCore: number[] };

async function timed<T>(times: number[], act: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await act();
  times.push(performance.now() - startedAt);
  return result;
}

/**
 * Opens `warmup` ids unrecorded, then each of `ids` once per way (the order rotating per id so none
 * always goes first), then decrypts its already fetched record with bare WebCrypto and with core.
 * Answers the durations in milliseconds; throws unless every way gives the same payload.
 */
async function measure(userId: string, warmup: string[], ids: string[]): Promise<Times> {
  const variants: Variant[] = ['raw', 'core', 'app'];
  for (const id of warmup) for (const variant of variants) await openers[variant](id, userId);
  const times: Times = { raw: [], core: [], app: [], decryptRaw: [], decryptCore: [] };
  for (const [index, id] of ids.entries()) {
    const order = [...variants.slice(index % 3), ...variants.slice(0, index % 3)];
    const payloads: string[] = [];
    for (const variant of order) {
      payloads.push(JSON.stringify(await timed(times[variant], () => openers[variant](id, userId))));
    }
    const record = await fetchSecretPlainly(id);
    const decrypts = [
      () => timed(times.decryptRaw, () => decryptRaw(record, userId, signedInPrivateKey())),
      () => timed(times.decryptCore, () => decryptWithCore(record, userId)),
    ];
    if (index % 2 === 1) decrypts.reverse();
    for (const decrypt of decrypts) payloads.push(JSON.stringify(await decrypt()));
    if (new Set(payloads).size !== 1) throw new Error(`the ways opened ${id} differently`);
  }
  return times;
}

publishBench('openSecretBench', { signIn, measure });
