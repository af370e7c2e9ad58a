import type { UnsignedSecretPage } from '@coffer/core';
import { type CallerAccess, requireAdministrator } from '../../policy/index.js';
import {
  countUnsignedSecrets,
  listUnsignedSecretIds,
} from '../../repositories/unsigned-secret-repository.js';
import type { ServiceContext } from '../service-context.js';

/** `GET /api/v1/secrets/unsigned`'s query: the last id of the page before, and the page's size. */
export interface UnsignedSecretsQuery {
  after?: string;
  limit?: number;
}

/** The most ids a page holds (and the default). */
export const UNSIGNED_PAGE_MAX = 100;

/**
 * The organisation's live secrets without a signed header, by id, for an administrator's browser to
 * sign (docs/web.md, "Signing older secrets"); 403 for anyone else. Ids only: the browser reads the
 * secrets through `POST /api/v1/secrets/read`, as the extension does. `total` counts what is left.
 */
export async function listUnsignedSecretsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: UnsignedSecretsQuery,
): Promise<UnsignedSecretPage> {
  requireAdministrator(caller);
  const organisationId = caller.organisation.id;
  const limit = query.limit ?? UNSIGNED_PAGE_MAX;
  const [ids, total] = await Promise.all([
    listUnsignedSecretIds(ctx.db, organisationId, query.after ?? null, limit + 1),
    countUnsignedSecrets(ctx.db, organisationId),
  ]);
  return { ids: ids.slice(0, limit), more: ids.length > limit, total };
}
