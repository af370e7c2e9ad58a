import {
  INVALID_NEW_EMAIL_MESSAGE,
  type MailOutcome,
  normaliseEmailInput,
  type Profile,
  RSA_MODULUS_BITS,
  type SignedTrustEntry,
  validateEmailChange,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import { PASSWORD_CHANGE_REQUIRED } from '../../auth/auth-messages.js';
import { hashPassword, verifyPassword } from '../../auth/password-hash.js';
import type { Database, UserUpdate } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { sendSecurityNotice } from '../../mail/account-mails.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { deletePendingEmailChange } from '../../repositories/email-change-repository.js';
import {
  type KeyEndorsementValues,
  saveKeyEndorsement,
} from '../../repositories/key-endorsement-repository.js';
import { deleteKeysOfUser } from '../../repositories/secret-key-repository.js';
import { markPasswordVerified, revokeUserSessions } from '../../repositories/session-repository.js';
import { completeUser, updateUser } from '../../repositories/user-repository.js';
import type { AttemptCounter } from '../../security/rate-limits.js';
import { auditOwnAccount } from '../caller-audit.js';
import { beginKeyChange, recordKeyChange } from '../key-bookkeeping.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries, TRUST_ENTRIES_MISMATCH_MESSAGE } from '../trust-log/trust-entries-guard.js';
import { requestEmailChange } from './email-change-service.js';
import {
  decodeBase64,
  type KeyMaterialInput,
  parseIterations,
  validateKeyMaterial,
} from './key-material-validator.js';
import { loadProfile } from './profile-service.js';

/** The current auth hash does not match (spec section 8, change password). */
export const CURRENT_PASSWORD_INVALID = 'Current password is invalid';

/** An e-mail change to the address the account already has. */
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your email address.';

/** A new key pair is made only with the first personal password (api.md), not at any other change. */
export const NEW_KEY_PAIR_MESSAGE =
  'A new key pair is accepted only when setting a personal password after a generated one.';

/**
 * Only an administrator's reset (or the server) requires a new password: a user who could set it on
 * themselves could rotate their key pair at will, past the rule that a new one comes only with the
 * first personal password after a generated one.
 */
export const MUST_CHANGE_PASSWORD_MESSAGE =
  "A new password can be required only by an administrator's password reset.";

/** An endorsement comes only with the new key pair it endorses. */
export const KEY_ENDORSEMENT_WITHOUT_KEY_MESSAGE = 'A key endorsement is accepted only with a new key pair.';
/** The shape of an endorsement: one RSA-3072 signature (core's endorseKeyRotation). */
export const INVALID_KEY_ENDORSEMENT_MESSAGE =
  'Field Key Endorsement is invalid: it must be the base64 of a 384-byte signature.';
const KEY_ENDORSEMENT_BYTES = RSA_MODULUS_BITS / 8;

/** The `user` object of PATCH /users: a password change, or an e-mail change when `email` is given. */
export interface AccountChangeInput extends KeyMaterialInput {
  email?: string;
  current_password?: string;
  must_change_password?: boolean;
  /** With a new key pair: the new public key signed by the old private key (docs/crypto.md). */
  key_endorsement?: unknown;
}

// Whether the auth hash is the caller's (verify_password and account changes). Failures count.
async function verifyOwnPassword(
  db: Kysely<Database>,
  caller: CallerAccess,
  password: unknown,
  attempts: AttemptCounter,
): Promise<boolean> {
  // Counted in the gate's slot, right before the hash (credential-check.ts says why).
  const count = () => attempts.assertAllowed();
  if (typeof password !== 'string') await count();
  const valid =
    typeof password === 'string' &&
    (await verifyPassword(
      (
        await completeUser(db, caller.organisation.id, caller.user)
      ).password_hash,
      password,
      count,
    ));
  if (!valid) await attempts.recordFailure();
  return valid;
}

/**
 * POST /api/v1/users/verify_password: the password check of SecureConfirm. When it is right, the
 * session counts as freshly verified for five minutes (auth/step-up.ts), which is what turning
 * two-factor off or asking for new recovery codes needs.
 */
export async function confirmOwnPassword(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  password: unknown,
  attempts: AttemptCounter,
): Promise<boolean> {
  const valid = await verifyOwnPassword(ctx.db, caller, password, attempts);
  if (valid) await markPasswordVerified(ctx.db, caller.session, new Date().toISOString());
  return valid;
}

/**
 * PATCH /users: a new password or e-mail, proven by the current auth hash. The client sends the
 * new auth hash and the same private key re-sealed under the new keys (crypto.md). A new password
 * applies at once and ends every other session of the user (the caller's stays); a new e-mail waits
 * for the link mailed to it (email-change-service.ts), and the answer shows it as `pending_email`.
 * The answer's `mail_sent` says whether the mail the user is told about left: the notice of a new
 * password, or the link (or notice) to the new address. The change is kept either way.
 */
export async function changeAccount(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: AccountChangeInput,
  attempts: AttemptCounter,
  trustEntries?: unknown,
): Promise<Profile & MailOutcome> {
  const emailChange = input.email !== undefined;
  // A new key is the user's own `key` entry, signed with the new key (issue 30); nothing else here
  // changes who reads, so entries with an e-mail change describe another change.
  const entries = parseTrustEntries(trustEntries);
  if (emailChange && entries.length > 0) throw AppError.unprocessable(TRUST_ENTRIES_MISMATCH_MESSAGE);
  if (input.must_change_password === true) throw AppError.validation(MUST_CHANGE_PASSWORD_MESSAGE);
  // Only the password change is open to an account that must still replace its generated password.
  if (emailChange && caller.user.must_change_password) throw AppError.forbidden(PASSWORD_CHANGE_REQUIRED);
  const email = normaliseEmailInput(input.email);
  if (emailChange && validateEmailChange({ email, confirmation: email }).errors.length > 0) {
    throw AppError.validation(INVALID_NEW_EMAIL_MESSAGE);
  }
  if (emailChange && email === caller.user.email) throw AppError.validation(EMAIL_UNCHANGED_MESSAGE);
  // The first personal password after a generated one (administrator's add or reset) may bring a
  // fresh key pair made in the user's own browser (api.md), so that nobody who knew the generated
  // password ever held the private key the user keeps; their wrapped keys are dropped with it.
  const newKeyPair = input.public_key !== undefined;
  if (newKeyPair && (emailChange || !caller.user.must_change_password)) {
    throw AppError.validation(NEW_KEY_PAIR_MESSAGE);
  }
  const problem = validateKeyMaterial(input, {
    fields: [
      'password',
      ...(newKeyPair ? (['public_key'] as const) : []),
      'encrypted_private_key',
      'private_key_iv',
      ...(input.kdf_iterations === undefined ? [] : (['kdf_iterations'] as const)),
    ],
    minKdfIterations: ctx.config.minKdfIterations,
  });
  if (problem) throw AppError.validation(problem);
  const endorsement = readKeyEndorsement(input.key_endorsement, newKeyPair);
  if (!(await verifyOwnPassword(ctx.db, caller, input.current_password, attempts))) {
    throw AppError.validation(CURRENT_PASSWORD_INVALID);
  }
  const password_hash = await hashPassword(String(input.password));
  const encrypted_private_key = String(input.encrypted_private_key);
  const private_key_iv = String(input.private_key_iv);
  const kdf_iterations =
    input.kdf_iterations === undefined ? undefined : (parseIterations(input.kdf_iterations) ?? 0);
  if (emailChange) {
    // Pending until the new address confirms (email-change-service.ts); nothing changes now.
    const mail_sent = await requestEmailChange(ctx, caller, email, {
      password_hash,
      encrypted_private_key,
      private_key_iv,
      kdf_iterations: kdf_iterations ?? caller.user.kdf_iterations,
    });
    return { ...(await loadProfile(ctx.db, caller)), mail_sent };
  }

  const values: UserUpdate = {
    password_hash,
    encrypted_private_key,
    private_key_iv,
    ...(kdf_iterations === undefined ? {} : { kdf_iterations }),
    must_change_password: false,
    ...(newKeyPair ? { public_key: String(input.public_key), key_version: caller.user.key_version + 1 } : {}),
  };
  const user = await saveChange(
    ctx,
    caller,
    values,
    newKeyPair ? 'Set a personal password and a new key pair' : 'Changed password',
    newKeyPair ? endorsementOf(caller, endorsement) : null,
    entries,
  );
  const mail_sent = await sendSecurityNotice(ctx, caller.user, 'password');
  return { ...(await loadProfile(ctx.db, { organisation: caller.organisation, user })), mail_sent };
}

/**
 * The endorsement sent with the change, shape-checked: the server cannot verify it meaningfully (it
 * could lie about it anyway), so browsers verify it against the key they trusted (docs/crypto.md).
 */
function readKeyEndorsement(value: unknown, newKeyPair: boolean): string | null {
  if (value === undefined) return null;
  if (!newKeyPair) throw AppError.validation(KEY_ENDORSEMENT_WITHOUT_KEY_MESSAGE);
  if (decodeBase64(value)?.length !== KEY_ENDORSEMENT_BYTES) {
    throw AppError.validation(INVALID_KEY_ENDORSEMENT_MESSAGE);
  }
  return value as string;
}

// Stored with the key that signed it, the caller's key until this change; none when there was none.
function endorsementOf(caller: CallerAccess, endorsement: string | null): KeyEndorsementValues {
  const previous = caller.user.public_key;
  return endorsement !== null && previous !== ''
    ? { key_endorsement: endorsement, endorsing_public_key: previous }
    : { key_endorsement: null, endorsing_public_key: null };
}

/**
 * Saves a password change; `newKey` (a new key pair's endorsement, or nulls) drops the user's wrapped
 * keys. A pending e-mail change goes too: it carries credentials derived from the old password.
 */
function saveChange(
  ctx: ServiceContext,
  caller: CallerAccess,
  values: UserUpdate,
  action: string,
  newKey: KeyEndorsementValues | null,
  entries: readonly SignedTrustEntry[],
) {
  return runMembershipChange(ctx.db, caller, entries, async (trx) => {
    // First: the organisation's row, as in every change of secrets or keys (key-bookkeeping.ts).
    if (newKey) await beginKeyChange(trx, caller.organisation.id);
    const user = await updateUser(trx, caller.user, values);
    if (newKey) await saveKeyEndorsement(trx, user, newKey);
    await deletePendingEmailChange(trx, user);
    await revokeUserSessions(trx, user, 'password_changed', { exceptSessionId: caller.session.id });
    // Wrapped for the old public key, they open nothing now: missing keys to reshare.
    if (newKey) {
      await deleteKeysOfUser(trx, caller.organisation.id, user.id);
      await recordKeyChange(trx, caller.organisation.id, { userIds: [user.id] });
    }
    await auditOwnAccount(trx, user, action);
    return user;
  });
}
