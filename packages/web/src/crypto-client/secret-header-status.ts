import type { Secret, SecretHeader, SecretHeaderRecord, SecretListItem } from '@coffer/core';
import { isSecretHeaderError, verifySecretHeader } from '@coffer/core';
import { firstSync } from '../trust-log/first-sync.js';
import type { VerifiedTrustLog } from '../trust-log/sync-trust-log.js';

/*
 * The reader's side of signed secret headers (suite 2, issue 30; docs/web.md, "Signed secret
 * headers"): before a fetched revision is opened, moved or edited, its header is verified against the
 * trust log this browser verified, the author judged by the log as it stood when they wrote. A header
 * that fails is a refusal (SecretHeaderError, shown by toSecretAccessError); a revision without one
 * (suite 1, or saved where the organisation had no log) opens as before, marked unverified.
 */

/** What a reader knows of a revision's metadata: signed by an author the log allows, or not signed. */
export type HeaderStatus = { verified: true; header: SecretHeader } | { verified: false };

const UNVERIFIED: HeaderStatus = { verified: false };

/** The fields of a record a header states, as the server sent them. */
export function headerRecordOf(secret: Secret): SecretHeaderRecord {
  return {
    id: secret.id,
    revision: secret.revision,
    vault_id: secret.vault_id,
    hidden: secret.hidden,
    deleted: isMarked(secret),
    name: secret.name,
    category: secret.category,
    strength: secret.strength,
    form_fill: secret.form_fill,
    encryption_iv: secret.encryption_iv,
    encrypted_data: secret.encrypted_data,
  };
}

/** Whether the server says the secret waits in Deleted Secrets. */
export function isMarked(secret: SecretListItem): boolean {
  return secret.marked_for_deletion === true || (secret.deleted_at ?? null) !== null;
}

/**
 * Verifies `secret`'s signed header (when it has one and the organisation's log is verified here),
 * after the session's first sync; a header made under an entry not yet verified syncs once more.
 * Throws the SecretHeaderError of the first check that failed. The key commitment is checked by the
 * caller once it has unwrapped the key (core's checkKeyCommitment).
 */
export async function checkSecretHeader(secret: Secret, rememberedRevision?: number): Promise<HeaderStatus> {
  if (!secret.signed_header) return UNVERIFIED;
  const view = await firstSync();
  if (!view.log || view.alarm) return UNVERIFIED;
  const record = headerRecordOf(secret);
  const verify = (log: VerifiedTrustLog) =>
    verifySecretHeader(secret.signed_header, {
      state: log.state,
      stateAt: log.stateAt,
      record,
      ...(rememberedRevision !== undefined ? { rememberedRevision } : {}),
    });
  try {
    return { verified: true, header: await verify(view.log) };
  } catch (error) {
    if (!isSecretHeaderError(error, 'stale-log') || !view.sync) throw error;
    const later = await view.sync();
    if (!later) throw error;
    return { verified: true, header: await verify(later) };
  }
}
