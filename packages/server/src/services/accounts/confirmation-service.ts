import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/session-token.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { sendConfirmationMail } from '../../mail/account-mails.js';
import {
  confirmUserByTokenHash,
  findUserByConfirmationTokenHash,
  findUserByEmail,
  type User,
  updateUser,
} from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { newEmailToken } from './new-account.js';

/** An unknown or already used confirmation link. */
export const CONFIRMATION_INVALID = 'Confirmation token is invalid';
/** Answer of a confirmation. */
export const CONFIRMED = 'Your email address has been successfully confirmed.';
/** Answer of a resend, the same whether or not the address has an account. */
export const CONFIRMATION_RESENT =
  'If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.';

/** GET /users/confirmation: confirms the account holding the token, once. */
export async function confirmEmail(ctx: ServiceContext, token: unknown): Promise<{ email: string }> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 256) {
    throw AppError.validation(CONFIRMATION_INVALID);
  }
  const tokenHash = hashToken(token);
  const user = await findUserByConfirmationTokenHash(ctx.db, tokenHash);
  if (!user) throw AppError.validation(CONFIRMATION_INVALID);
  await runChange(ctx.db, user.organisation_id, async (trx) => {
    const confirmed = await confirmUserByTokenHash(trx, user, tokenHash, new Date().toISOString());
    if (!confirmed) throw AppError.validation(CONFIRMATION_INVALID);
    await auditOwnAccount(trx, user, 'Confirmed email address');
  });
  return { email: user.email };
}

/**
 * POST /users/confirmation: a new confirmation e-mail (the previous link stops working) when the
 * address has an unconfirmed, unlocked account; nothing otherwise. The caller answers the same either
 * way, so a stranger learns neither whether the address exists nor whether its mail left.
 */
export async function resendConfirmation(ctx: ServiceContext, email: unknown): Promise<void> {
  if (typeof email !== 'string' || email.trim() === '') return;
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.confirmed_at || user.locked) return;
  await renewConfirmation(ctx, user, (trx) =>
    auditOwnAccount(trx, user, 'Requested a new confirmation email'),
  );
}

/**
 * A new confirmation link for `user` (the previous one stops working), saved with the audit entry
 * `audit` writes in the same transaction, then mailed. Answers whether the mail left.
 */
export async function renewConfirmation(
  ctx: ServiceContext,
  user: User,
  audit: (trx: Kysely<Database>) => Promise<void>,
): Promise<boolean> {
  const confirmation = newEmailToken();
  await runChange(ctx.db, user.organisation_id, async (trx) => {
    await updateUser(trx, user, {
      confirmation_token_hash: confirmation.hash,
      confirmation_sent_at: new Date().toISOString(),
    });
    await audit(trx);
  });
  return sendConfirmationMail(ctx, user, confirmation.token);
}
