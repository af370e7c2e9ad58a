import { importVerifyingKey } from '../crypto/key-pair.js';
import type { SecretCategory } from '../model/secret-category.js';
import { canWriteSecret } from '../permissions/chest-access-policy.js';
import { verifySignatureOver } from '../trust-log/trust-entry-signature.js';
import { readerRowsOf } from '../trust-log/trust-readers.js';
import { activeUser, type TrustState } from '../trust-log/trust-state.js';
import { dataHash, keyCommitment } from './key-commitment.js';
import type { SecretHeader, SignedSecretHeader } from './secret-header.js';
import { SecretHeaderError } from './secret-header-error.js';
import { parseSignedSecretHeader, secretHeaderMessage } from './sign-secret-header.js';

/*
 * The reader's checks of a signed secret header (docs/crypto.md, "Signed secret headers (suite 2)"),
 * against the trust log state this browser verified and the record the server sent.
 */

/** The record as the server sends it (a Secret's fields); `deleted` only where the answer says it. */
export interface SecretHeaderRecord {
  id: string;
  revision: number;
  vault_id: string;
  hidden: boolean;
  deleted?: boolean;
  name: string;
  category: SecretCategory;
  strength: number | null;
  form_fill: boolean;
  encryption_iv: string;
  encrypted_data: string;
}

export interface VerifySecretHeaderContext {
  /** The reader's verified state, at the head it last verified. */
  state: TrustState;
  /**
   * The verified state after entry `seq` (at most state.seq): the author is judged by the log as it
   * stood when they wrote, so that a revision stays readable after its author leaves, loses write
   * access or changes their key. Without it the author is judged by `state`.
   */
  stateAt?: (seq: number) => Promise<TrustState>;
  record: SecretHeaderRecord;
  /** The highest revision of this secret this reader accepted before (its high-water mark). */
  rememberedRevision?: number;
}

// The record's fields the header states, in the order a refusal names them.
const METADATA: readonly (readonly [keyof SecretHeader, keyof ListedSecretRecord])[] = [
  ['chest', 'vault_id'],
  ['hidden', 'hidden'],
  ['deleted', 'deleted'],
  ['category', 'category'],
  ['name', 'name'],
  ['strength', 'strength'],
  ['form_fill', 'form_fill'],
];

/**
 * Accepts a signed header (untrusted JSON, or one already parsed) for `record` and answers the header,
 * or throws a SecretHeaderError whose kind is the first check that failed, in this order:
 * 1. 'malformed': parseSignedSecretHeader;
 * 2. 'mismatch': the header names another organisation than the state's;
 * 3. 'stale-log': its log_seq is above the state's seq (a log entry this reader has not verified);
 * 4. 'author': the author is not an active user of the state at log_seq (`stateAt`), or author_fp
 *    is not their key's there;
 * 5. 'signature': the signature does not verify under that key;
 * 6. 'author': the author may not write this secret by that state (canWriteSecret on the header's
 *    chest and hidden flag: administrators, the chest's managers, members with edit of a team
 *    assigned with Write; a hidden secret, administrators only);
 * 7. 'mismatch': the record's id or revision is not the header's, or its iv and ciphertext do not hash
 *    to data_hash; then any metadata the record states differs from the header (that error carries
 *    the verified header, which wins for display), except a record marked for deletion whose header
 *    says live (the server's mark, an availability fault; the other way round is refused);
 * 8. 'rollback': the revision is below `rememberedRevision`.
 * The key commitment is checked after unwrapping, by checkKeyCommitment.
 */
export async function verifySecretHeader(
  signed: unknown,
  { state, stateAt, record, rememberedRevision }: VerifySecretHeaderContext,
): Promise<SecretHeader> {
  const header = await verifyAuthorship(signed, state, stateAt);
  if (record.id !== header.id || record.revision !== header.rev) {
    throw new SecretHeaderError('mismatch', 'The secret header is for another secret or revision.');
  }
  if (!(await dataMatches(header, record))) {
    throw new SecretHeaderError('mismatch', 'The secret’s ciphertext is not the one its header names.');
  }
  requireSameMetadata(header, record);
  if (rememberedRevision !== undefined && header.rev < rememberedRevision) {
    throw new SecretHeaderError('rollback', 'The secret is older than a revision this browser has seen.');
  }
  return header;
}

/** A secret as a list shows it: metadata without ciphertext or revision. */
export type ListedSecretRecord = Omit<SecretHeaderRecord, 'revision' | 'encryption_iv' | 'encrypted_data'>;

/**
 * The checks of verifySecretHeader that a list item allows (it carries no ciphertext and no
 * revision): 1 to 6, then the id and the metadata (7 without the data hash). What a list shows of
 * the secret is then what its author signed; the payload's checks wait until it is opened.
 */
export async function verifyListedSecretHeader(
  signed: unknown,
  {
    state,
    stateAt,
    record,
  }: Omit<VerifySecretHeaderContext, 'record' | 'rememberedRevision'> & {
    /** The id, and whatever metadata the answer states (a reshare's pair: the chest and hidden flag). */
    record: Pick<ListedSecretRecord, 'id'> & Partial<ListedSecretRecord>;
  },
): Promise<SecretHeader> {
  const header = await verifyAuthorship(signed, state, stateAt);
  if (record.id !== header.id) {
    throw new SecretHeaderError('mismatch', 'The secret header is for another secret or revision.');
  }
  requireSameMetadata(header, record);
  return header;
}

// Checks 1 to 6: the header parses, is this organisation's, was made under a verified entry, by an
// active member with that key then, who signed it and could write the secret then.
async function verifyAuthorship(
  signed: unknown,
  state: TrustState,
  stateAt: VerifySecretHeaderContext['stateAt'],
): Promise<SecretHeader> {
  const { header, sig } = parseSignedSecretHeader(signed as SignedSecretHeader);
  if (header.org !== state.org) {
    throw new SecretHeaderError('mismatch', 'The secret header is another organisation’s.');
  }
  if (header.log_seq > state.seq) {
    throw new SecretHeaderError(
      'stale-log',
      'The secret header was made under a trust log entry this browser has not verified yet.',
    );
  }
  const then = stateAt && header.log_seq < state.seq ? await stateAt(header.log_seq) : state;
  const author = activeUser(then, header.author);
  if (!author || author.fingerprint !== header.author_fp) {
    throw new SecretHeaderError(
      'author',
      'The secret header’s author is not an active member with that key.',
    );
  }
  if (!(await signatureVerifies(author.publicKey, sig, header))) {
    throw new SecretHeaderError('signature', 'The secret header’s signature does not verify.');
  }
  const rows = readerRowsOf(then, header.chest);
  const context = {
    user: { id: author.id, administrator: author.admin },
    chestId: header.chest,
    hidden: header.hidden,
    ...rows,
  };
  if (!canWriteSecret(context)) {
    throw new SecretHeaderError('author', 'The secret header’s author may not write this secret.');
  }
  return header;
}

// The record's metadata against the header's; the error carries the verified header to show.
function requireSameMetadata(header: SecretHeader, record: Partial<ListedSecretRecord>): void {
  const differing = METADATA.filter(([ours, theirs]) => {
    if (record[theirs] === undefined || record[theirs] === header[ours]) return false;
    // A secret the header says is live may be served as marked for deletion (a plain mark, an import
    // batch undone): like a secret the server leaves out, an availability fault, not a forgery. A
    // secret its author marked, served as live, is the resurrection R14 is about.
    return !(ours === 'deleted' && header.deleted === false);
  }).map(([ours]) => ours);
  if (differing.length > 0) {
    throw new SecretHeaderError(
      'mismatch',
      `The secret differs from its signed header in: ${differing.join(', ')}.`,
      header,
    );
  }
}

// Verifying keys by SPKI: a list's headers are signed by a few authors, each key imported once.
const verifyingKeys = new Map<string, Promise<CryptoKey>>();
const MAX_VERIFYING_KEYS = 256;

function verifyingKeyOf(publicKey: string): Promise<CryptoKey> {
  let key = verifyingKeys.get(publicKey);
  if (!key) {
    key = importVerifyingKey(publicKey);
    // A key that does not import is not kept: it is refused each time, as before.
    key.catch(() => verifyingKeys.delete(publicKey));
    if (verifyingKeys.size >= MAX_VERIFYING_KEYS)
      verifyingKeys.delete(verifyingKeys.keys().next().value as string);
    verifyingKeys.set(publicKey, key);
  }
  return key;
}

async function signatureVerifies(publicKey: string, sig: string, header: SecretHeader): Promise<boolean> {
  try {
    const verifyingKey = await verifyingKeyOf(publicKey);
    return await verifySignatureOver(verifyingKey, sig, secretHeaderMessage(header));
  } catch {
    return false;
  }
}

async function dataMatches(header: SecretHeader, record: SecretHeaderRecord): Promise<boolean> {
  try {
    return (await dataHash(record.encryption_iv, record.encrypted_data)) === header.data_hash;
  } catch {
    return false;
  }
}

/**
 * After unwrapping the secret's key: throws SecretHeaderError 'key-commitment' unless it is the key the
 * author committed to (a key the server made, wrapped for this reader, cannot match).
 */
export async function checkKeyCommitment(header: SecretHeader, secretKey: Uint8Array): Promise<void> {
  let commitment: string;
  try {
    commitment = await keyCommitment(secretKey, header.id, header.rev);
  } catch {
    throw new SecretHeaderError('key-commitment', 'The secret’s key is not the one its header commits to.');
  }
  if (commitment !== header.key_commit) {
    throw new SecretHeaderError('key-commitment', 'The secret’s key is not the one its header commits to.');
  }
}
