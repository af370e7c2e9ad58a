import type { KeyEndorsementResponse } from '@coffer/core';
import { notFound } from '../../errors/policy-errors.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { findKeyEndorsement } from '../../repositories/key-endorsement-repository.js';
import type { ServiceContext } from '../service-context.js';

/**
 * GET /api/v1/users/{id}/key_endorsement: a colleague's public key and the endorsement of their last
 * key rotation, for any signed-in user of the same organisation (browsers check it before trusting a
 * changed key, docs/web.md). Public-key material only; a user of another organisation is 404.
 */
export async function showKeyEndorsement(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  userId: string,
): Promise<KeyEndorsementResponse> {
  const row = await findKeyEndorsement(ctx.db, caller.organisation.id, userId);
  if (!row) throw notFound();
  const endorsed = row.key_endorsement !== null && row.endorsing_public_key !== null;
  return {
    user_id: row.id,
    public_key: row.public_key === '' ? null : row.public_key,
    endorsing_public_key: endorsed ? row.endorsing_public_key : null,
    key_endorsement: endorsed ? row.key_endorsement : null,
  };
}
