import { wrappedKeyLabel } from '@coffer/core';
import type { Page } from '@playwright/test';

/** Outcome of a reshare run in a page: pairs listed as missing, and keys the server stored. */
export interface PageReshareResult {
  missing: number;
  stored: number;
}

/**
 * Fills missing keys from the administrator's own page, as the web app's reshareMissingKeys does:
 * the private key never leaves that browser (it is the non-extractable CryptoKey in IndexedDB);
 * each secret key is unwrapped there and wrapped for the newcomer's public key.
 */
export async function reshareFromPage(page: Page, adminId: string): Promise<PageReshareResult> {
  // The wrapped-key label of suite 1, with placeholders for the page to fill per pair.
  const label = wrappedKeyLabel('{secret}', '{user}');
  return page.evaluate(
    async ({ adminId, label }) => {
      const token = localStorage.getItem('token') ?? '';
      const headers = {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      const privateKey = await new Promise<CryptoKey>((resolve, reject) => {
        const opening = indexedDB.open('coffer-keys');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result
            .transaction('keys', 'readonly')
            .objectStore('keys')
            .get('private-key');
          reading.onsuccess = () => resolve(reading.result as CryptoKey);
          reading.onerror = () => reject(reading.error);
        };
      });
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));
      const labelOf = (secretId: string, userId: string) =>
        new TextEncoder().encode(label.replace('{secret}', secretId).replace('{user}', userId));
      const listed = await fetch('/api/v1/secret_keys/reshare_all.json', { headers });
      const { keyshare } = (await listed.json()) as {
        keyshare: { secret_id: string; user_id: string; public_key: string; encrypted_value: string }[];
      };
      const shares = [];
      for (const pair of keyshare) {
        const secretKey = await crypto.subtle.decrypt(
          { name: 'RSA-OAEP', label: labelOf(pair.secret_id, adminId) },
          privateKey,
          bytes(pair.encrypted_value),
        );
        const publicKey = await crypto.subtle.importKey(
          'spki',
          bytes(pair.public_key),
          { name: 'RSA-OAEP', hash: 'SHA-256' },
          false,
          ['encrypt'],
        );
        const wrapped = await crypto.subtle.encrypt(
          { name: 'RSA-OAEP', label: labelOf(pair.secret_id, pair.user_id) },
          publicKey,
          secretKey,
        );
        shares.push({
          user_id: pair.user_id,
          secret_id: pair.secret_id,
          version: 1,
          encrypted_value: base64(wrapped),
        });
      }
      if (shares.length === 0) return { missing: 0, stored: 0 };
      const delivered = await fetch('/api/v1/secret_keys/reshare.json', {
        method: 'POST',
        headers,
        body: JSON.stringify({ key_reshare_handler: { secret_keys_attributes: shares } }),
      });
      const { count } = (await delivered.json()) as { count: number };
      return { missing: keyshare.length, stored: count };
    },
    { adminId, label },
  );
}
