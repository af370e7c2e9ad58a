import { EMAIL_CHANGE_LINK_HOURS } from '@coffer/core';
import { hashToken } from '../../auth/session-token.js';
import { AppError } from '../../errors/app-error.js';
import {
  sendAddressInUseNotice,
  sendEmailChangeConfirmation,
  sendEmailChangeRequestedNotice,
  sendSecurityNotice,
} from '../../mail/account-mails.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import {
  claimEmailChange,
  findEmailChangeByTokenHash,
  findPendingEmailChange,
  renewEmailChangeLink,
  savePendingEmailChange,
} from '../../repositories/email-change-repository.js';
import { revokeUserSessions } from '../../repositories/session-repository.js';
import { isUniqueViolation } from '../../repositories/unique-violation.js';
import { findUserByEmail, findUserById, updateUser } from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { EMAIL_TAKEN, newEmailToken } from './new-account.js';

const HOUR_MS = 3_600_000;

/** An unknown, replaced or already used link. */
export const EMAIL_CHANGE_LINK_INVALID = 'This email change link is invalid or has already been used.';
/** A link older than EMAIL_CHANGE_LINK_HOURS (core). */
export const EMAIL_CHANGE_LINK_EXPIRED =
  'This email change link has expired. Ask for the change again in Account Settings.';
/** A resend without a pending change (none asked for, already confirmed, or dropped by a new password). */
export const NO_PENDING_EMAIL_CHANGE = 'There is no email change waiting for confirmation.';
/** Answer of a confirmation. */
export const EMAIL_CHANGED = 'Your email address has been changed. Sign in with your new email address.';

/**
 * The credentials re-derived for the new address (the e-mail is the key salt, docs/crypto.md): the
 * new auth hash already through Argon2id, and the same private key re-sealed under the new keys.
 */
export interface PendingCredentials {
  password_hash: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
}

/**
 * Sub-step of changeAccount (password-service.ts), after the password was proven: stores the change
 * as pending with a one-time link (a second request replaces the first and its link), mails the link
 * to the new address and a notice without link to the current one. Nothing of the account changes
 * yet. An address that already has an account is answered alike (the asker learns nothing) and is
 * never applied: its owner gets a notice instead of a link, and the token is thrown away. Answers
 * whether the mail to the new address left (the user is told to look there).
 */
export async function requestEmailChange(
  ctx: ServiceContext,
  caller: CallerAccess,
  email: string,
  credentials: PendingCredentials,
): Promise<boolean> {
  const link = newEmailToken();
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    await savePendingEmailChange(trx, {
      user_id: caller.user.id,
      organisation_id: caller.organisation.id,
      email,
      token_hash: link.hash,
      ...credentials,
      expires_at: linkExpiry(),
      created_at: new Date().toISOString(),
    });
    await auditOwnAccount(trx, caller.user, `Asked to change email address to ${email}`);
  });
  const sent = await mailNewAddress(ctx, caller, email, link.token);
  await sendEmailChangeRequestedNotice(ctx, caller.user, email);
  return sent;
}

/**
 * POST /users/email_change/resend: the pending change's link again, as a new link (the previous one
 * stops working) valid for EMAIL_CHANGE_LINK_HOURS from now; a taken address gets its notice again.
 * Answers whether the mail left. 400 when no change is pending.
 */
export async function resendEmailChange(ctx: ServiceContext, caller: CallerAccess): Promise<boolean> {
  const change = await findPendingEmailChange(ctx.db, caller.user);
  if (!change) throw AppError.validation(NO_PENDING_EMAIL_CHANGE);
  const link = newEmailToken();
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    await renewEmailChangeLink(trx, change, { token_hash: link.hash, expires_at: linkExpiry() });
    await auditOwnAccount(trx, caller.user, `Asked again to change email address to ${change.email}`);
  });
  return mailNewAddress(ctx, caller, change.email, link.token);
}

const linkExpiry = () => new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * HOUR_MS).toISOString();

// The link to a free address; to an address with an account, a notice to its owner instead.
async function mailNewAddress(
  ctx: ServiceContext,
  caller: CallerAccess,
  email: string,
  token: string,
): Promise<boolean> {
  const owner = await findUserByEmail(ctx.db, email);
  if (owner) return sendAddressInUseNotice(ctx, owner, 'email_change');
  return sendEmailChangeConfirmation(
    ctx,
    { email, name: caller.user.name, validHours: EMAIL_CHANGE_LINK_HOURS },
    token,
  );
}

/**
 * The confirmation of the link mailed to the new address (public: holding the token is the proof).
 * Applies the pending change once: the new address with the credentials derived for it, every
 * session of the user ended (each device signs in anew with the new address), an audit entry, and
 * the notice to the old address. Answers the new address.
 */
export async function confirmEmailChange(ctx: ServiceContext, token: unknown): Promise<{ email: string }> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 256) {
    throw AppError.validation(EMAIL_CHANGE_LINK_INVALID);
  }
  const change = await findEmailChangeByTokenHash(ctx.db, hashToken(token));
  if (!change) throw AppError.validation(EMAIL_CHANGE_LINK_INVALID);
  if (Date.parse(change.expires_at) <= Date.now()) {
    await claimEmailChange(ctx.db, change);
    throw AppError.validation(EMAIL_CHANGE_LINK_EXPIRED);
  }
  const before = await findUserById(ctx.db, change.organisation_id, change.user_id);
  if (!before) throw AppError.validation(EMAIL_CHANGE_LINK_INVALID);
  try {
    await runChange(ctx.db, change.organisation_id, async (trx) => {
      if (!(await claimEmailChange(trx, change))) throw AppError.validation(EMAIL_CHANGE_LINK_INVALID);
      const user = await updateUser(trx, before, {
        email: change.email,
        password_hash: change.password_hash,
        encrypted_private_key: change.encrypted_private_key,
        private_key_iv: change.private_key_iv,
        kdf_iterations: change.kdf_iterations,
      });
      await revokeUserSessions(trx, user, 'email_changed');
      await auditOwnAccount(trx, user, 'Changed email address');
    });
  } catch (error) {
    // Taken between the request and the link (the request mails no link for a taken address).
    if (isUniqueViolation(error)) throw AppError.validation(EMAIL_TAKEN);
    throw error;
  }
  await sendSecurityNotice(ctx, before, 'email');
  return { email: change.email };
}
