import { activeUser, type TrustState } from '../trust-log/trust-state.js';
import { dataHash, keyCommitment } from './key-commitment.js';
import { SECRET_HEADER_VERSION, type SignedSecretHeader } from './secret-header.js';
import { SecretHeaderError } from './secret-header-error.js';
import { signSecretHeader } from './sign-secret-header.js';
import type { SecretHeaderRecord } from './verify-secret-header.js';

/*
 * The header of a revision as its author's browser signs it at a save (suite 2; docs/crypto.md,
 * "Signed secret headers (suite 2)"): the record's metadata, a hash of its ciphertext and a commitment
 * to its key, signed under the verified log's head. One way for a single save, a batch of new secrets
 * signed in a worker, and the test harnesses and benchmarks that save as a browser does.
 */

/** Who signs, as the verified log knows them: made once by headerSigner, then cloneable to a worker. */
export interface HeaderSigner {
  signingKey: CryptoKey;
  org: string;
  author: string;
  author_fp: string;
  log_seq: number;
}

/**
 * The signer `userId` is under the verified `state`: they must be active in it, and their fingerprint
 * is the state's, so a header never names a key the log does not bind.
 */
export function headerSigner(state: TrustState, userId: string, signingKey: CryptoKey): HeaderSigner {
  const me = activeUser(state, userId);
  if (!me)
    throw new SecretHeaderError('author', 'The organisation record does not hold you as an active member.');
  return { signingKey, org: state.org, author: userId, author_fp: me.fingerprint, log_seq: state.seq };
}

/** Signs the header of `record` (revision `record.revision`, sealed under `secretKey`). */
export async function signRevisionHeader(
  signer: HeaderSigner,
  record: SecretHeaderRecord,
  secretKey: Uint8Array,
): Promise<SignedSecretHeader> {
  const [data_hash, key_commit] = await Promise.all([
    dataHash(record.encryption_iv, record.encrypted_data),
    keyCommitment(secretKey, record.id, record.revision),
  ]);
  return signSecretHeader(signer.signingKey, {
    v: SECRET_HEADER_VERSION,
    org: signer.org,
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
    author: signer.author,
    author_fp: signer.author_fp,
    log_seq: signer.log_seq,
  });
}
