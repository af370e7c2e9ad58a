import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type UserRef = { organisation_id: string; id: string };

/** Deletes every recovery code of a user (new codes, two-factor disabled). */
export async function deleteRecoveryCodes(db: Kysely<Database>, user: UserRef): Promise<void> {
  await db
    .deleteFrom('otp_recovery_codes')
    .where('organisation_id', '=', user.organisation_id)
    .where('user_id', '=', user.id)
    .execute();
}

/** Stores a user's recovery codes as hashes, one row at a time. */
export async function insertRecoveryCodes(
  db: Kysely<Database>,
  user: UserRef,
  codeHashes: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const codeHash of codeHashes) {
    await db
      .insertInto('otp_recovery_codes')
      .values({
        id: randomUUID(),
        organisation_id: user.organisation_id,
        user_id: user.id,
        code_hash: codeHash,
        created_at: now,
      })
      .execute();
  }
}

/** Uses one unused code with this hash; answers false when there is none (wrong or already used). */
export async function consumeRecoveryCode(
  db: Kysely<Database>,
  user: UserRef,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('otp_recovery_codes')
    .set({ used_at: at })
    .where('organisation_id', '=', user.organisation_id)
    .where('user_id', '=', user.id)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}
