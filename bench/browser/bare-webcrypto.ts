// What both browser benchmarks measure against: a secret fetched with plain fetch and opened with bare
// WebCrypto (unwrap, import, decrypt, parse), the floor Coffer's own code is held to.
import type { Secret } from '@coffer/core';
import { getToken } from '@coffer/web-src/api/token-store.js';

const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function fetchSecretPlainly(id: string): Promise<Secret> {
  const response = await fetch(`/api/v1/secrets/${id}.json`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (response.status !== 200) throw new Error(`GET secret answered ${response.status}`);
  return (await response.json()) as Secret;
}

/** Bare WebCrypto: unwrap, import, decrypt, parse. */
export async function decryptRaw(secret: Secret, userId: string, privateKey: CryptoKey): Promise<object> {
  const rawKey = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP', label: encoder.encode(`coffer:key:1:${secret.id}:${userId}`) },
    privateKey,
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
