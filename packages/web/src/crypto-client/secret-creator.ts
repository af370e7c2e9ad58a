import type { PublicKeyEntry } from '@coffer/core';
import { generateSecretKey, importPublicKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import { createSecret } from '../api/secrets-api.js';
import { fetchChestPublicKeys } from '../api/vaults-api.js';
import type { KeyOwner, TrustOptions } from './confirm-reader-keys.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { requirePrivateKey } from './private-key.js';
import { recordRevision } from './revision-memory.js';
import type { SavedSecret, SecretDraft } from './save-secret.js';
import { readersChanged } from './save-secret.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** Creates one secret of a run (revision 1), as createEncryptedSecret does. */
export type CreateSecret = (draft: SecretDraft) => Promise<SavedSecret>;

/** A chest's readers as one run wraps for them: listed, confirmed and imported once. */
interface ChestReaders {
  entries: { userId: string; key: CryptoKey }[];
}

/**
 * Creates many secrets in a row (an import): each a new id and key, sealed as revision 1 and wrapped
 * for exactly the chest's readers, as createEncryptedSecret does; but a chest's readers are listed,
 * put through the trust rule (confirmReaderKeys: `options.confirm` asks once for anyone untrusted) and
 * their public keys imported once for the whole run instead of per secret. Saves may run side by side:
 * they share one listing per chest, so people are asked at most once. When the server answers that
 * the readers changed (409, or 400 for a key for someone who left), the chest's readers are listed and
 * checked again and the save is tried once more, as a single save does.
 */
export function secretCreator(userId: string, options: TrustOptions = {}): CreateSecret {
  const chests = new Map<string, Promise<ChestReaders>>();
  let owner: Promise<KeyOwner> | null = null;
  const caller = () => {
    owner ??= requirePrivateKey().then((privateKey) => ({ userId, privateKey }));
    return owner;
  };

  const readersOf = (vaultId: string, hidden: boolean, stale?: Promise<ChestReaders>) => {
    const place = `${hidden ? 'hidden' : 'visible'}:${vaultId}`;
    const cached = chests.get(place);
    // Several saves can find the same listing stale: the first lists again, the others use its answer.
    if (cached && cached !== stale) return cached;
    const listed = listReaders(vaultId, hidden, caller, options);
    chests.set(place, listed);
    // A listing that failed (a person not confirmed, the network) is not kept: the next save asks again.
    listed.catch(() => {
      if (chests.get(place) === listed) chests.delete(place);
    });
    return listed;
  };

  return async (draft) => {
    const secretId = newSecretId();
    const secretKey = generateSecretKey();
    try {
      const attempt = async (readers: Promise<ChestReaders>) => {
        const { entries } = await readers;
        const [sealed, wrapped] = await Promise.all([
          sealSecret({ secretId, revision: 1, payload: draft.payload, secretKey }),
          Promise.all(
            entries.map(async (reader) => ({
              user_id: reader.userId,
              encrypted_value: await wrapSecretKey(secretKey, reader.key, {
                secretId,
                userId: reader.userId,
              }),
            })),
          ),
        ]);
        await createSecret({
          id: secretId,
          revision: 1,
          vault_id: draft.vaultId,
          name: draft.name,
          category: draft.category,
          ...sealed,
          strength: draft.strength,
          form_fill: draft.formFill,
          hidden: draft.hidden,
          secret_keys_attributes: wrapped,
          ...(draft.importBatchId ? { import_batch_id: draft.importBatchId } : {}),
        });
      };
      const readers = readersOf(draft.vaultId, draft.hidden);
      try {
        await attempt(readers);
      } catch (error) {
        if (!readersChanged(error)) throw error;
        await attempt(readersOf(draft.vaultId, draft.hidden, readers));
      }
      void recordRevision(userId, secretId, 1);
      return { id: secretId, revision: 1 };
    } catch (error) {
      throw toSecretAccessError(error);
    } finally {
      secretKey.fill(0);
    }
  };
}

async function listReaders(
  vaultId: string,
  hidden: boolean,
  caller: () => Promise<KeyOwner>,
  options: TrustOptions,
): Promise<ChestReaders> {
  const readers: PublicKeyEntry[] = await fetchChestPublicKeys(vaultId, hidden);
  await confirmReaderKeys(await caller(), readers, 'save', options);
  return {
    entries: await Promise.all(
      readers.map(async (reader) => ({
        userId: reader.user_id,
        key: await importPublicKey(reader.public_key),
      })),
    ),
  };
}
