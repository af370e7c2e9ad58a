// The open-secret benchmark's page, served by the real server. It signs in with the web app's own
// flow (which unlocks the private key into the key store) and then opens secrets three ways:
// `app` is the web app's openSecretRecord (API client, key store, core, payload normalising),
// `core` is a plain fetch plus core's unwrapSecretKey and openSecret, `raw` is a plain fetch plus
// bare WebCrypto calls; then both decryptions again on an already fetched record, without the
// network. Every way must give the same payload.
import { openSecret, type Secret, unwrapSecretKey } from '@coffer/core';
import { openSecretRecord } from '@coffer/web-src/crypto-client/open-secret-record.js';
import { requirePrivateKey } from '@coffer/web-src/crypto-client/private-key.js';
import { completeSignIn, proveCredentials } from '@coffer/web-src/pages/login/sign-in-flow.js';
import { getToken, setToken } from '@coffer/web-src/session/token-store.js';

type Variant = 'raw' | 'core' | 'app';
type Opener = (id: string, userId: string) => Promise<object>;

const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function fetchSecretPlainly(id: string): Promise<Secret> {
  const response = await fetch(`/api/v1/secrets/${id}.json`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (response.status !== 200) throw new Error(`GET secret answered ${response.status}`);
  return (await response.json()) as Secret;
}

let privateKey: CryptoKey | null = null;

/** Bare WebCrypto: unwrap, import, decrypt, parse. */
async function decryptRaw(secret: Secret, userId: string): Promise<object> {
  const rawKey = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP', label: encoder.encode(`coffer:key:1:${secret.id}:${userId}`) },
    privateKey as CryptoKey,
    fromBase64(secret.secret_key?.encrypted_value ?? ''),
  );
  const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(secret.encryption_iv),
      additionalData: encoder.encode(`coffer:secret:1:${secret.id}:${secret.revision}`),
    },
    aesKey,
    fromBase64(secret.encrypted_data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as object;
}

/** Core's functions, as the app calls them. */
async function decryptWithCore(secret: Secret, userId: string): Promise<object> {
  const wrapped = secret.secret_key?.encrypted_value ?? '';
  const secretKey = await unwrapSecretKey(wrapped, privateKey as CryptoKey, { secretId: secret.id, userId });
  try {
    return await openSecret({ ...secret, secretId: secret.id }, secretKey);
  } finally {
    secretKey.fill(0);
  }
}

const openers: Record<Variant, Opener> = {
  raw: async (id, userId) => decryptRaw(await fetchSecretPlainly(id), userId),
  core: async (id, userId) => decryptWithCore(await fetchSecretPlainly(id), userId),
  app: async (id, userId) => (await openSecretRecord(id, userId)).payload,
};

/** Signs in as the login screen does; answers the user's id. */
async function signIn(email: string, password: string): Promise<string> {
  const proved = await proveCredentials(email, password);
  if (!proved.ok) throw new Error(`sign-in failed: ${proved.reason}`);
  const result = await completeSignIn(proved.pending);
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  setToken(result.token);
  privateKey = await requirePrivateKey();
  return result.profile.id;
}

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
      () => timed(times.decryptRaw, () => decryptRaw(record, userId)),
      () => timed(times.decryptCore, () => decryptWithCore(record, userId)),
    ];
    if (index % 2 === 1) decrypts.reverse();
    for (const decrypt of decrypts) payloads.push(JSON.stringify(await decrypt()));
    if (new Set(payloads).size !== 1) throw new Error(`the ways opened ${id} differently`);
  }
  return times;
}

declare global {
  interface Window {
    openSecretBench?: { signIn: typeof signIn; measure: typeof measure };
  }
}

window.openSecretBench = { signIn, measure };
const status = document.getElementById('status');
if (status) status.textContent = 'Ready';
