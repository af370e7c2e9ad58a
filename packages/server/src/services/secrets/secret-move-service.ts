import { SAME_CHEST_MESSAGE, STALE_REVISION_MESSAGE } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireMovableSecret } from '../../policy/index.js';
import { findChest } from '../../repositories/chest-repository.js';
import { moveRotationRows } from '../../repositories/rotation-repository.js';
import { upsertWrappedKeys } from '../../repositories/secret-key-repository.js';
import {
  findSealedSecret,
  findSecret,
  moveSecretToChest,
  placeOf,
  type SealedSecretRecord,
} from '../../repositories/secret-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { loadReaderIds } from '../chests/chest-reader-service.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import { logActiveUsersOnce } from '../trust-log/log-readers.js';
import { checkKeysForReaders } from './key-cover-check.js';
import { movedSecretAction } from './secret-audit-actions.js';
import { checkWrappedKeys, type WrappedKeyInput } from './secret-input.js';
import { MARKED_SECRET_MESSAGE } from './secret-revision-service.js';
import { checkSignedHeader } from './signed-header-check.js';

/** Body of a move: the chest to go to and, optionally, keys for its readers who lack one. */
export interface SecretMoveInput {
  vault_id: string;
  secret_keys_attributes?: WrappedKeyInput[];
  /** The revision's header signed anew for the new chest (suite 2): signed-header-check.ts. */
  signed_header?: unknown;
}

/**
 * Sub-step of updateSecret (secret-update-service.ts): moves a secret to another chest the caller
 * may write. A move changes keys only for readers who gain or lose access: in one transaction, the
 * keys given for readers of the new chest who could not read the old one are stored, and keys of
 * users who cannot read the new chest are deleted. Keys given for readers of both chests are
 * ignored: replacing another reader's key happens only in a save, with a new revision. A key for
 * anyone else refuses the move (400). Readers still without a key show up in reshare_all. The
 * payload and its revision do not change. A signed header, if given, must state the stored revision
 * in the new chest (its payload, metadata, the caller); the move then keeps it, and is refused (409)
 * if a save came first. Without one the secret's header is cleared: it would name the old chest.
 */
export async function moveSecret(
  db: Kysely<Database>,
  caller: CallerAccess,
  id: string,
  input: SecretMoveInput,
): Promise<void> {
  const organisationId = caller.organisation.id;
  const withHeader = input.signed_header !== undefined && input.signed_header !== null;
  // The payload is read only to check a header's data hash.
  const { secret, target } = requireMovableSecret(
    caller,
    withHeader ? await findSealedSecret(db, organisationId, id) : await findSecret(db, organisationId, id),
    await findChest(db, organisationId, input.vault_id),
  );
  if (secret.deleted_at) throw AppError.conflict(MARKED_SECRET_MESSAGE);
  if (target.id === secret.vault_id) throw AppError.validation(SAME_CHEST_MESSAGE);
  const keys = checkWrappedKeys(input.secret_keys_attributes ?? []);
  const signedHeader = withHeader
    ? await checkSignedHeader(caller, input.signed_header, {
        ...(secret as SealedSecretRecord),
        vault_id: target.id,
      })
    : null;
  const header = signedHeader === null ? null : { signed_header: signedHeader, revision: secret.revision };
  const from = await findChest(db, organisationId, secret.vault_id);
  await runChange(db, organisationId, async (trx) => {
    await beginKeyChange(trx, organisationId);
    // The log's head read once for both chests.
    const active = logActiveUsersOnce(trx, organisationId);
    const readers = await loadReaderIds(trx, organisationId, target.id, secret.hidden, active);
    const formerReaders = await loadReaderIds(trx, organisationId, secret.vault_id, secret.hidden, active);
    checkKeysForReaders(
      keys.map((key) => key.user_id),
      readers,
    );
    const newcomers = keys.filter((key) => !formerReaders.has(key.user_id));
    if (
      !(await moveSecretToChest(
        trx,
        organisationId,
        secret.id,
        placeOf(secret),
        target.id,
        caller.user.id,
        header,
      ))
    ) {
      throw AppError.conflict(STALE_REVISION_MESSAGE);
    }
    await upsertWrappedKeys(trx, organisationId, secret.id, newcomers);
    // Its rotation rows follow it: the new chest's managers answer for it now.
    await moveRotationRows(trx, organisationId, secret.id, target);
    await reconcileKeys(trx, organisationId, { secretIds: [secret.id] });
    const action = movedSecretAction(secret.name, from?.name ?? '', target.name);
    await auditByCaller(trx, caller, action, 'Secret', secret.id);
  });
}
