import { normaliseEmail } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database, EmailChangeRow } from '../db/schema.js';

/** A pending e-mail change; the token itself is never stored, only its SHA-256. */
export type EmailChange = EmailChangeRow;

type UserRef = { id: string; organisation_id: string };

/** Stores the user's pending change, replacing any earlier one (and so its link). */
export async function savePendingEmailChange(db: Kysely<Database>, change: EmailChange): Promise<void> {
  await deletePendingEmailChange(db, { id: change.user_id, organisation_id: change.organisation_id });
  await db
    .insertInto('email_changes')
    .values({ ...change, email: normaliseEmail(change.email) })
    .execute();
}

/** The user's pending change, or null. */
export async function findPendingEmailChange(
  db: Kysely<Database>,
  user: UserRef,
): Promise<EmailChange | null> {
  const row = await db
    .selectFrom('email_changes')
    .selectAll()
    .where('organisation_id', '=', user.organisation_id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row ?? null;
}

/** A new link for the user's pending change (the previous one stops working), valid until `expiresAt`. */
export async function renewEmailChangeLink(
  db: Kysely<Database>,
  change: EmailChange,
  link: { token_hash: string; expires_at: string },
): Promise<void> {
  await db
    .updateTable('email_changes')
    .set(link)
    .where('organisation_id', '=', change.organisation_id)
    .where('user_id', '=', change.user_id)
    .execute();
}

/** The pending change whose link token has this SHA-256, or null (a global lookup, by design). */
export async function findEmailChangeByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<EmailChange | null> {
  const row = await db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Removes the change holding this token hash, once: of two concurrent confirmations only one
 * removes the row, and only that one applies the change. Answers whether it removed it.
 */
export async function claimEmailChange(db: Kysely<Database>, change: EmailChange): Promise<boolean> {
  const result = await db
    .deleteFrom('email_changes')
    .where('organisation_id', '=', change.organisation_id)
    .where('user_id', '=', change.user_id)
    .where('token_hash', '=', change.token_hash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Drops the user's pending change, if any (a new password re-seals what it carried). */
export async function deletePendingEmailChange(db: Kysely<Database>, user: UserRef): Promise<void> {
  await db
    .deleteFrom('email_changes')
    .where('organisation_id', '=', user.organisation_id)
    .where('user_id', '=', user.id)
    .execute();
}
