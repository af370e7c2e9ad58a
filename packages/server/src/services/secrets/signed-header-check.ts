import {
  canonicalJson,
  dataHash,
  isSecretHeaderError,
  parseSignedSecretHeader,
  publicKeyFingerprint,
  type SecretHeader,
  type SignedSecretHeader,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/index.js';

/*
 * The server's side of signed secret headers, suite 2 (issue 30; docs/crypto.md, "Signed secret
 * headers (suite 2)"). A browser signs a header for every revision it writes; the server cannot judge
 * the author's authority as readers do (it has no verified trust log), so it keeps the header opaque
 * but checked: it parses, and it states exactly the revision it travels with, written by the caller.
 * A header that passes is stored as its canonical JSON beside the row and handed back with it, so
 * that every reader verifies it. A revision written without one is a suite-1 revision: its header is
 * null (a header never describes another revision).
 */

/** 422 for a header that parses but states another organisation, secret, revision, place or author. */
export const HEADER_MISMATCH_MESSAGE = 'The signed header does not describe this revision.';

/** The revision a header must describe, as the request and the stored row give it. */
export interface HeaderSubject {
  id: string;
  revision: number;
  vault_id: string;
  hidden: boolean;
  name: string;
  category: string;
  strength: number | null;
  form_fill: boolean;
  encryption_iv: string;
  encrypted_data: string;
  /** Whether the revision marks the secret for deletion (a signed mark); false when absent. */
  deleted?: boolean;
}

/**
 * The canonical JSON to store for a request's `signed_header`, or null when there is none (absent or
 * null: suite 1). 400 with the parser's plain message when it does not parse; 422 when it does not
 * describe `subject`, written now by the caller (`deleted` as the subject says: live unless marked).
 */
export async function checkSignedHeader(
  caller: CallerAccess,
  untrusted: unknown,
  subject: HeaderSubject,
): Promise<string | null> {
  if (untrusted === undefined || untrusted === null) return null;
  let signed: SignedSecretHeader;
  try {
    signed = parseSignedSecretHeader(untrusted);
  } catch (error) {
    if (isSecretHeaderError(error)) throw AppError.validation(error.message);
    throw error;
  }
  if (!(await describes(caller, signed.header, subject))) {
    throw AppError.unprocessable(HEADER_MISMATCH_MESSAGE);
  }
  return canonicalJson(signed);
}

async function describes(caller: CallerAccess, header: SecretHeader, subject: HeaderSubject) {
  const agrees =
    header.org === caller.organisation.id &&
    header.author === caller.user.id &&
    header.id === subject.id &&
    header.rev === subject.revision &&
    header.chest === subject.vault_id &&
    header.hidden === subject.hidden &&
    header.deleted === (subject.deleted === true) &&
    header.category === subject.category &&
    header.name === subject.name &&
    header.strength === subject.strength &&
    header.form_fill === subject.form_fill;
  if (!agrees) return false;
  // The payload was checked (base64, a 12-byte iv) before: the hash can be made.
  if (header.data_hash !== (await dataHash(subject.encryption_iv, subject.encrypted_data))) return false;
  return header.author_fp === (await publicKeyFingerprint(caller.user.public_key));
}
