import type { SecretHeaderRecord, SignedSecretHeader, TrustState } from '@coffer/core';
import { activeUser, dataHash, keyCommitment, SECRET_HEADER_VERSION, signSecretHeader } from '@coffer/core';

/*
 * The signed header of a revision this browser saves (suite 2, issue 30; docs/crypto.md, "Signed
 * secret headers (suite 2)"): the record's metadata, a hash of its ciphertext and a commitment to its
 * key, signed by the author under the verified log's sequence, so that every reader can check who
 * wrote what, where, and that the key they unwrap is the one the author sealed with.
 */

/** Who signs: the signed-in user and the signing half of their unlocked key. */
export interface HeaderAuthor {
  userId: string;
  signingKey: CryptoKey;
}

/**
 * Signs the header of `record` (revision `record.revision`, sealed under `secretKey`) as `author`
 * under the verified `state`. The author must be active in the state; their fingerprint is the
 * state's, so a header never names a key the log does not bind.
 */
export async function signRevisionHeader(
  state: TrustState,
  author: HeaderAuthor,
  record: SecretHeaderRecord,
  secretKey: Uint8Array,
): Promise<SignedSecretHeader> {
  const me = activeUser(state, author.userId);
  if (!me) throw new Error('The organisation record does not hold you as an active member.');
  const [data_hash, key_commit] = await Promise.all([
    dataHash(record.encryption_iv, record.encrypted_data),
    keyCommitment(secretKey, record.id, record.revision),
  ]);
  return signSecretHeader(author.signingKey, {
    v: SECRET_HEADER_VERSION,
    org: state.org,
    id: record.id,
    rev: record.revision,
    chest: record.vault_id,
    hidden: record.hidden,
    deleted: record.deleted === true,
    category: record.category,
    name: record.name,
    strength: record.strength,
    form_fill: record.form_fill,
    data_hash,
    key_commit,
    author: author.userId,
    author_fp: me.fingerprint,
    log_seq: state.seq,
  });
}
