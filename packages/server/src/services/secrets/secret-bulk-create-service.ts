import { BULK_CREATE_MAX_ITEMS, isUuid } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/index.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import type { SecretInput } from './secret-input.js';
import {
  createLookups,
  DUPLICATE_SECRET_MESSAGE,
  duplicateIdAsConflict,
  type PreparedCreate,
  prepareCreate,
  writeCreates,
} from './secret-revision-service.js';

/** 400 for an empty or too long bulk create. */
export const BULK_CREATE_SIZE_MESSAGE = `A bulk create takes from 1 to ${BULK_CREATE_MAX_ITEMS} secrets.`;

// A refusal of item `index`: an AppError names it; anything else (a 500) stays as it is.
function atIndex(error: unknown, index: number): unknown {
  const known = duplicateIdAsConflict(error);
  return known instanceof AppError ? known.atIndex(index) : known;
}

/**
 * Creates many secrets (an import's, issue 28) in ONE transaction, so they cost one commit: each
 * item goes through exactly the single create's checks and writes (prepareCreate, writeCreates), the
 * plan limit counting the items before it; what the items share is read once and their rows are
 * written many to a statement. The first refusal writes nothing and answers with its
 * item's `index`. Answers the new ids in order.
 */
export async function createSecrets(
  ctx: ServiceContext,
  caller: CallerAccess,
  inputs: readonly SecretInput[],
): Promise<string[]> {
  if (inputs.length < 1 || inputs.length > BULK_CREATE_MAX_ITEMS) {
    throw AppError.validation(BULK_CREATE_SIZE_MESSAGE);
  }
  const prepared: PreparedCreate[] = [];
  const ids = new Set<string>();
  const lookups = await createLookups(
    ctx.db,
    caller.organisation.id,
    // Only well-formed ids are looked up; prepareCreate refuses the others by their index.
    inputs.flatMap((input) => (isUuid(input.id) ? [input.id] : [])),
  );
  for (const [index, input] of inputs.entries()) {
    try {
      const item = await prepareCreate(ctx.db, caller, input, lookups);
      // Two items of one request with one id would otherwise meet only at the unique index.
      if (ids.has(item.id)) throw AppError.conflict(DUPLICATE_SECRET_MESSAGE);
      ids.add(item.id);
      prepared.push(item);
    } catch (error) {
      throw atIndex(error, index);
    }
  }
  await runChange(ctx.db, caller.organisation.id, (trx) => writeCreates(trx, ctx, caller, prepared, atIndex));
  return prepared.map((item) => item.id);
}
