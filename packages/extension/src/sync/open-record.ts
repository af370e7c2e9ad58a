// Opening one changed secret for the index, on the page or in a worker: the caller's wrapped key
// unwrapped with the private key, the payload opened with core's suite bound to the secret's id and
// revision (as the web app's openSecretRecord does), and only what the index needs kept. The
// password, the note and every other field are dropped here and never leave the worker.
import type { Secret, SecretUrl } from '@coffer/core';
import { openSecret, readPasswordExtras, readUrlMatchRule, unwrapSecretKey } from '@coffer/core';
import type { IndexEntry } from './index-entry.js';
import { siteKeys } from './site-key.js';

/** The parts of a changed secret the opener needs (what travels to a worker). */
export type ChangedSecret = Pick<
  Secret,
  'id' | 'revision' | 'name' | 'category' | 'vault_id' | 'vault_name' | 'encrypted_data' | 'encryption_iv'
> & { vault?: { name: string } | undefined; secret_key: { encrypted_value: string } | null };

/** Why a payload was not indexed: no wrapped key for the caller, or a key or payload that failed its integrity check. */
export type SkipReason = 'no-key' | 'integrity';

export type OpenOutcome =
  | { ok: true; entry: IndexEntry }
  | { ok: false; secretId: string; revision: number; reason: SkipReason };

/** Keeps only what a worker needs of a secret record (not the unlocks, teams or assignments). */
export function toChangedSecret(secret: Secret): ChangedSecret {
  const chestName = secret.vault?.name ?? secret.vault_name;
  return {
    id: secret.id,
    revision: secret.revision,
    name: secret.name,
    category: secret.category,
    vault_id: secret.vault_id,
    ...(chestName === undefined ? {} : { vault_name: chestName }),
    encrypted_data: secret.encrypted_data,
    encryption_iv: secret.encryption_iv,
    secret_key: secret.secret_key ? { encrypted_value: secret.secret_key.encrypted_value } : null,
  };
}

/** Opens one secret into an index entry; a failure is an outcome, never a throw. */
export async function openIndexRecord(
  secret: ChangedSecret,
  userId: string,
  privateKey: CryptoKey,
): Promise<OpenOutcome> {
  const skipped = (reason: SkipReason): OpenOutcome => ({
    ok: false,
    secretId: secret.id,
    revision: secret.revision,
    reason,
  });
  const wrapped = secret.secret_key?.encrypted_value;
  if (!wrapped) return skipped('no-key');
  let secretKey: Uint8Array;
  try {
    secretKey = await unwrapSecretKey(wrapped, privateKey, { secretId: secret.id, userId });
  } catch {
    return skipped('integrity');
  }
  try {
    const payload = await openSecret({ ...secret, secretId: secret.id }, secretKey);
    return { ok: true, entry: toEntry(secret, payload) };
  } catch {
    return skipped('integrity');
  } finally {
    secretKey.fill(0);
  }
}

/** The index's view of an opened payload: its URLs (main first) and username, nothing else. */
export function toEntry(secret: ChangedSecret, payload: Record<string, unknown>): IndexEntry {
  const extras = readPasswordExtras(payload);
  const urls: SecretUrl[] = [];
  const main = typeof payload.url === 'string' ? payload.url.trim() : '';
  if (main !== '') {
    const match = readUrlMatchRule(extras.urlMatch);
    urls.push(match ? { url: main, match } : { url: main });
  }
  for (const more of extras.moreUrls ?? []) if (more.url.trim() !== '') urls.push(more);
  const username = typeof payload.username === 'string' ? payload.username : '';
  const chestName = secret.vault?.name ?? secret.vault_name;
  return {
    secretId: secret.id,
    revision: secret.revision,
    chestId: secret.vault_id,
    ...(chestName === undefined ? {} : { chestName }),
    name: secret.name,
    category: 'password',
    urls,
    sites: siteKeys(urls),
    ...(username === '' ? {} : { username }),
  };
}
