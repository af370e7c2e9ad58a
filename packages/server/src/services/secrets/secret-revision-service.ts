import { STALE_REVISION_MESSAGE } from '@coffer/core';
import type { Kysely } from 'kysely';
import { firstSecretOverPlan, requireWithinPlan } from '../../billing/plan-limits.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import {
  type CallerAccess,
  requireHiddenChangeAllowed,
  requireMovableSecret,
  requireWritableChest,
  requireWritableSecret,
} from '../../policy/index.js';
import { type ChestRecord, findChest } from '../../repositories/chest-repository.js';
import { closeRotatedRows, moveRotationRows } from '../../repositories/rotation-repository.js';
import {
  insertNewSecretsKeys,
  replaceWrappedKeys,
  type WrappedKey,
} from '../../repositories/secret-key-repository.js';
import {
  findSecret,
  findSecretsByIds,
  insertSecrets,
  placeOf,
  type SecretRecord,
  type SecretValues,
  saveSecretRevision,
} from '../../repositories/secret-repository.js';
import { isUniqueViolation } from '../../repositories/unique-violation.js';
import { markUserHasSecret } from '../../repositories/user-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { loadReaderIds } from '../chests/chest-reader-service.js';
import { checkImportBatchForSecret, holdImportBatchForSecret } from '../imports/import-batch-service.js';
import { beginKeyChange, recordKeyChange } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { logActiveUsersOnce } from '../trust-log/log-readers.js';
import { checkKeyCover } from './key-cover-check.js';
import { lifecycleAction, movedSecretAction } from './secret-audit-actions.js';
import { checkSecretId, checkSecretValues, checkWrappedKeys, type SecretInput } from './secret-input.js';
import { checkSignedHeader } from './signed-header-check.js';

/** 409 for a client-made id that is already taken. */
export const DUPLICATE_SECRET_MESSAGE = 'A secret with this id already exists.';
/** 409 for changing a secret that waits in Deleted Secrets. */
export const MARKED_SECRET_MESSAGE = 'This secret is marked for deletion. Restore it first.';

/** A create checked before its transaction (prepareCreate), ready for writeCreate. */
export interface PreparedCreate {
  id: string;
  values: SecretValues;
  keys: WrappedKey[];
  chest: { id: string; name: string };
  importBatchId: string | null;
}

/**
 * What the items of one bulk create share while they are checked: each chest read once, each batch
 * checked once, and the ids already taken found by one query (a single create reads them itself).
 */
export interface CreateLookups {
  chests: Map<string, Promise<ChestRecord | null>>;
  batches: Map<string, Promise<void>>;
  takenIds: ReadonlySet<string> | null;
}

/** Lookups for the creates of `ids`, the taken ones read at once. */
export async function createLookups(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<CreateLookups> {
  const taken = await findSecretsByIds(db, organisationId, ids);
  return { chests: new Map(), batches: new Map(), takenIds: new Set(taken.map((secret) => secret.id)) };
}

function remembered<T>(cache: Map<string, Promise<T>> | undefined, key: string, read: () => Promise<T>) {
  const known = cache?.get(key);
  if (known) return known;
  const reading = read();
  cache?.set(key, reading);
  return reading;
}

/**
 * The checks of a create that read before the transaction: the body, write access to the chest
 * (another organisation's: 404), the hidden rule, the import batch and a taken id.
 */
export async function prepareCreate(
  db: Kysely<Database>,
  caller: CallerAccess,
  input: SecretInput,
  lookups?: CreateLookups,
): Promise<PreparedCreate> {
  const organisationId = caller.organisation.id;
  const id = checkSecretId(input.id);
  const values = checkSecretValues(input);
  if (values.revision !== 1) throw AppError.validation('A new secret starts at revision 1.');
  const keys = checkWrappedKeys(input.secret_keys_attributes ?? []);
  const chest = requireWritableChest(
    caller,
    await remembered(lookups?.chests, values.vault_id, () => findChest(db, organisationId, values.vault_id)),
  );
  requireHiddenChangeAllowed(caller, false, values.hidden);
  values.signed_header = await checkSignedHeader(caller, input.signed_header, { id, ...values });
  const importBatchId = input.import_batch_id ?? null;
  if (importBatchId !== null) {
    await remembered(lookups?.batches, importBatchId, () =>
      checkImportBatchForSecret(db, caller, importBatchId),
    );
  }
  const taken = lookups?.takenIds ? lookups.takenIds.has(id) : await findSecret(db, organisationId, id);
  if (taken) throw AppError.conflict(DUPLICATE_SECRET_MESSAGE);
  return { id, values, keys, chest, importBatchId };
}

/** How a refusal of one item of writeCreates is thrown: a bulk create names the item's index. */
export type ItemRefusal = (error: unknown, index: number) => unknown;

/**
 * The writes of creates (one, or a bulk create's), inside the caller's transaction: each item still
 * passes the single create's checks, in order, the first refusal thrown through `refuse` with its
 * index: its batch held open, the plan limit (counting the items before it), the key cover against
 * the chest's readers as they are now. Then the rows, the keys, the key bookkeeping and an audit
 * entry each. What every item shares (the batch, the organisation's row, the plan's room, a chest's
 * readers) is read once, and the rows go many to a statement: on SQLite each statement runs on the
 * event loop and holds the only connection, so a short transaction keeps other requests waiting less.
 */
export async function writeCreates(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  caller: CallerAccess,
  items: readonly PreparedCreate[],
  refuse: ItemRefusal = (error) => error,
): Promise<void> {
  const organisationId = caller.organisation.id;
  const heldBatches = new Set<string>();
  for (const [index, { importBatchId }] of items.entries()) {
    if (importBatchId === null || heldBatches.has(importBatchId)) continue;
    try {
      await holdImportBatchForSecret(trx, caller, importBatchId);
    } catch (error) {
      throw refuse(error, index);
    }
    heldBatches.add(importBatchId);
  }
  await beginKeyChange(trx, organisationId);
  const overPlan = await firstSecretOverPlan(trx, ctx.config.billing, organisationId, items.length);
  if (overPlan !== null) throw refuse(overPlan.error, overPlan.index);
  const readersOf = new Map<string, Promise<Set<string>>>();
  // The log's head is read once for the whole batch, and only when there is an item.
  const active = logActiveUsersOnce(trx, organisationId);
  for (const [index, { values, keys }] of items.entries()) {
    const place = `${values.hidden ? 'hidden' : 'visible'}:${values.vault_id}`;
    const readers =
      readersOf.get(place) ?? loadReaderIds(trx, organisationId, values.vault_id, values.hidden, active);
    readersOf.set(place, readers);
    const readerIds = await readers;
    try {
      checkKeyCover(
        keys.map((key) => key.user_id),
        readerIds,
      );
    } catch (error) {
      throw refuse(error, index);
    }
  }
  try {
    await insertSecrets(
      trx,
      organisationId,
      items.map(({ id, values, importBatchId }) => ({ id, values, importBatchId })),
      caller.user.id,
    );
  } catch (error) {
    // A concurrent create took an id: only a single create can say which item it was.
    throw items.length === 1 ? refuse(duplicateIdAsConflict(error), 0) : duplicateIdAsConflict(error);
  }
  await insertNewSecretsKeys(
    trx,
    organisationId,
    items.flatMap(({ id, keys }) => keys.map((key) => ({ ...key, secret_id: id }))),
  );
  await recordKeyChange(trx, organisationId, { secretIds: items.map((item) => item.id) });
  await markUserHasSecret(trx, organisationId, caller.user.id);
  for (const { id, values, chest } of items) {
    await auditByCaller(trx, caller, `Created secret ${values.name} in chest ${chest.name}`, 'Secret', id);
  }
}

/** Another organisation's secret, or a concurrent create, holds the id: the unique index says so. */
export function duplicateIdAsConflict(error: unknown): unknown {
  return isUniqueViolation(error) ? AppError.conflict(DUPLICATE_SECRET_MESSAGE) : error;
}

/**
 * Creates a secret at revision 1 in a chest the caller may write, with its key wrapped for exactly
 * the chest's readers; sets the creator's has_secret. With `import_batch_id`, the secret belongs to
 * that import batch (the caller's own, not undone: import-batch-service.ts). Answers the new id.
 */
export async function createSecret(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: SecretInput,
): Promise<string> {
  const prepared = await prepareCreate(ctx.db, caller, input);
  try {
    await runChange(ctx.db, caller.organisation.id, (trx) => writeCreates(trx, ctx, caller, [prepared]));
  } catch (error) {
    throw duplicateIdAsConflict(error);
  }
  return prepared.id;
}

async function requireSaveTarget(
  db: Kysely<Database>,
  caller: CallerAccess,
  secret: SecretRecord,
  chestId: string,
) {
  // The caller may already write the secret (saveSecret checked); staying put needs only the chest.
  if (chestId === secret.vault_id) {
    return requireWritableChest(caller, await findChest(db, caller.organisation.id, chestId));
  }
  return requireMovableSecret(caller, secret, await findChest(db, caller.organisation.id, chestId)).target;
}

/** 400 for a signed mark or restore that would also move the secret or change its hidden flag. */
export const MARK_IN_PLACE_MESSAGE = 'A secret is marked for deletion or restored where it is.';

/**
 * Sub-step of updateSecret (secret-update-service.ts): saves a new revision of a secret (stored
 * revision + 1, else 409), re-wrapped for exactly the readers of its chest. It may move it at the same
 * time, which is how the web app moves (a fresh key for the new chest's readers): such a save needs
 * what a move needs (write access on both chests, requireMovableSecret) and is audited as a move. The
 * keys of readers of the old chest go with the old key set; nothing is left missing, since the key
 * set must cover every reader of the new chest. A signed header, if given, must state this revision
 * (signed-header-check.ts); without one the revision is stored without a header.
 *
 * With `marked`, the revision marks the secret for deletion (true) or restores it (false), as the web
 * app does once the organisation has a trust log: a signed header stating `deleted`, so that a server
 * cannot serve the secret back as live (review R14). It stays where it is; a restore counts against
 * the plan. Marking a marked secret (or restoring a live one) changes nothing.
 */
export async function saveSecret(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: SecretInput,
  marked?: boolean,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireWritableSecret(caller, await findSecret(db, organisationId, id));
  const wasMarked = secret.deleted_at !== null;
  if (marked === undefined && wasMarked) throw AppError.conflict(MARKED_SECRET_MESSAGE);
  if (marked !== undefined && marked === wasMarked) return;
  const values = checkSecretValues({ ...input, vault_id: input.vault_id ?? secret.vault_id });
  if (marked !== undefined && (values.vault_id !== secret.vault_id || values.hidden !== secret.hidden)) {
    throw AppError.validation(MARK_IN_PLACE_MESSAGE);
  }
  const keys = checkWrappedKeys(input.secret_keys_attributes ?? []);
  const chest = await requireSaveTarget(db, caller, secret, values.vault_id);
  requireHiddenChangeAllowed(caller, secret.hidden, values.hidden);
  // An edit of an old copy is told so before anything else; a save racing this one is caught
  // atomically by saveSecretRevision below.
  if (secret.revision !== values.revision - 1) throw AppError.conflict(STALE_REVISION_MESSAGE);
  // Without a header the new revision is suite 1, and the old revision's header goes with it.
  values.signed_header = await checkSignedHeader(caller, input.signed_header, {
    id,
    ...values,
    deleted: marked === true,
  });
  await runChange(db, organisationId, async (trx) => {
    await beginKeyChange(trx, organisationId);
    // A restored secret is live again, so it counts against the plan like a new one.
    if (marked === false) await requireWithinPlan(trx, ctx.config.billing, organisationId, 'secret');
    const readers = await loadReaderIds(trx, organisationId, chest.id, values.hidden);
    checkKeyCover(
      keys.map((key) => key.user_id),
      readers,
    );
    const deletedAt = marked === true ? new Date().toISOString() : null;
    const before = placeOf(secret);
    if (!(await saveSecretRevision(trx, organisationId, id, values, caller.user.id, before, deletedAt))) {
      throw AppError.conflict(STALE_REVISION_MESSAGE);
    }
    await replaceWrappedKeys(trx, organisationId, id, keys);
    await recordKeyChange(trx, organisationId, { secretIds: [id] });
    // A fresh key and payload: whoever lost access before this revision can no longer open it.
    await closeRotatedRows(
      trx,
      organisationId,
      id,
      values.revision,
      caller.user.id,
      new Date().toISOString(),
    );
    if (chest.id !== secret.vault_id) await moveRotationRows(trx, organisationId, id, chest);
    const action =
      marked === undefined
        ? await saveAction(trx, organisationId, secret, values.name, chest)
        : lifecycleAction(values.name, marked);
    await auditByCaller(trx, caller, action, 'Secret', id);
  });
}

// A save into another chest is audited as the move it is.
async function saveAction(
  db: Kysely<Database>,
  organisationId: string,
  secret: SecretRecord,
  name: string,
  chest: { id: string; name: string },
): Promise<string> {
  if (chest.id === secret.vault_id) return `Updated secret ${name}`;
  const from = await findChest(db, organisationId, secret.vault_id);
  return movedSecretAction(name, from?.name ?? '', chest.name);
}
