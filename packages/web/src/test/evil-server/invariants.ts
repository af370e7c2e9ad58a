import type { SecretKeyAttributes } from '@coffer/core';
import { openSecretText, unwrapSecretKey } from '@coffer/core';

/**
 * Key material the app sent the server in one request: wrapped keys (saves, moves, reshares) and,
 * for saves, the sealed payload. `readers` is who the HONEST model says may read the secret at that
 * moment (never what a tampered answer said).
 */
export interface Outgoing {
  /** `'POST /api/v1/secrets.json'` and the like, for the violation's text. */
  route: string;
  secretId: string;
  readers: ReadonlySet<string>;
  shares: readonly SecretKeyAttributes[];
  sealed?: { revision: number; encrypted_data: string; encryption_iv: string } | undefined;
}

/** A private key the harness holds: whose, and whether the attacker holds it. */
export interface KeyHolder {
  /** The person's id, or null for a key the server substituted without an account. */
  userId: string | null;
  label: string;
  privateKey: CryptoKey;
  attacker: boolean;
}

/** A secret key someone outside the reader set knows (the server made it, or a removed reader kept it). */
export interface KnownKey {
  key: Uint8Array;
  who: string;
}

/** What the invariants found wrong: one sentence each, naming secret, route and key holder. */
export class InvariantViolation extends Error {
  constructor(readonly violations: readonly string[]) {
    super(`The app leaked key material to a malicious server:\n- ${violations.join('\n- ')}`);
    this.name = 'InvariantViolation';
  }
}

/**
 * Opens every wrapped key the app sent with every private key the harness holds (under the label of
 * the share's user and of the holder's own id), and every sealed payload with every secret key an
 * outsider knows. Answers a violation when an attacker's key opens a share, when an honest person
 * outside the reader set opens one, or when an outsider's secret key opens a payload.
 */
export async function findViolations(
  outgoing: readonly Outgoing[],
  holders: readonly KeyHolder[],
  known: readonly KnownKey[],
): Promise<string[]> {
  const violations: string[] = [];
  for (const sent of outgoing) {
    for (const share of sent.shares)
      for (const holder of holders) {
        if (!(await opens(share, sent.secretId, holder))) continue;
        if (holder.attacker)
          violations.push(
            `${sent.route}: the attacker's key (${holder.label}) opens the key of secret ${sent.secretId} sent for ${share.user_id}`,
          );
        else if (holder.userId === null || !sent.readers.has(holder.userId))
          violations.push(
            `${sent.route}: ${holder.label} is not a reader of secret ${sent.secretId} but opens the key sent for ${share.user_id}`,
          );
      }
    if (!sent.sealed) continue;
    for (const outsider of known)
      if (await sealedUnder(sent.secretId, sent.sealed, outsider.key))
        violations.push(
          `${sent.route}: revision ${sent.sealed.revision} of secret ${sent.secretId} is sealed under a key ${outsider.who} knows`,
        );
  }
  return [...new Set(violations)];
}

async function opens(share: SecretKeyAttributes, secretId: string, holder: KeyHolder): Promise<boolean> {
  const labels = new Set([share.user_id, ...(holder.userId ? [holder.userId] : [])]);
  for (const userId of labels) {
    try {
      const key = await unwrapSecretKey(share.encrypted_value, holder.privateKey, { secretId, userId });
      key.fill(0);
      return true;
    } catch {
      // Not this holder's, or not under this label.
    }
  }
  return false;
}

async function sealedUnder(
  secretId: string,
  sealed: NonNullable<Outgoing['sealed']>,
  key: Uint8Array,
): Promise<boolean> {
  try {
    await openSecretText({ ...sealed, secretId }, key);
    return true;
  } catch {
    return false;
  }
}
