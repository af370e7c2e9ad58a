// Today's algorithms before issue 25, kept only here as the benchmark's baseline: a save that
// unwraps the secret's key and seals the edit under it again, and an open whose revision memory is a
// Map in memory. Both use the web app's own pieces, as its code did, so the difference measured is
// the one issue 25 made (a fresh key and a wrap of it, a mark in IndexedDB).
import { openSecret, type SecretPayload } from '@coffer/core';
import { fetchSecret, updateSecret } from '@coffer/web-src/api/secrets-api.js';
import { unwrapOwnKey } from '@coffer/web-src/crypto-client/open-secret-record.js';
import { requirePrivateKey } from '@coffer/web-src/crypto-client/private-key.js';
import { buildBody, type EditTarget, type SecretDraft } from '@coffer/web-src/crypto-client/save-secret.js';
import { normalisePayload } from '@coffer/web-src/crypto-client/secret-payload.js';

const highest = new Map<string, number>();

/** The save as it was: the stored key unwrapped and reused for revision + 1. */
export async function saveReusingKey(target: EditTarget, draft: SecretDraft, userId: string): Promise<void> {
  const privateKey = await requirePrivateKey();
  const stored = await fetchSecret(target.id);
  if (stored.revision !== target.baseRevision) throw new Error('conflict');
  const secretKey = await unwrapOwnKey(stored, userId, privateKey);
  try {
    const revision = stored.revision + 1;
    await updateSecret(
      target.id,
      await buildBody(draft, target.id, revision, secretKey, { userId, privateKey }, 'save', {}),
    );
    highest.set(target.id, Math.max(highest.get(target.id) ?? 0, revision));
  } finally {
    secretKey.fill(0);
  }
}

/** The open as it was: the same steps, the highest revision seen kept in a Map. */
export async function openWithMemoryInMap(id: string, userId: string): Promise<SecretPayload> {
  const privateKey = await requirePrivateKey();
  const secret = await fetchSecret(id);
  const secretKey = await unwrapOwnKey(secret, userId, privateKey);
  try {
    const opened = await openSecret({ ...secret, secretId: secret.id }, secretKey);
    const seen = highest.get(secret.id);
    if (seen === undefined || secret.revision >= seen) highest.set(secret.id, secret.revision);
    return normalisePayload(secret.category, opened);
  } finally {
    secretKey.fill(0);
  }
}
