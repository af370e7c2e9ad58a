import type { PublicKeysResponse } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  type CallerAccess,
  readerIdsOf,
  requireAdministrator,
  requireWritableChest,
} from '../../policy/index.js';
import { loadChestAccessRows } from '../../repositories/chest-access-repository.js';
import { findChest } from '../../repositories/chest-repository.js';
import { findPublicKeys } from '../../repositories/user-repository.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Sub-step of saving, creating and moving secrets: ids of the users who must hold a key of a secret
 * in this chest (hidden or not).
 */
export async function loadReaderIds(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  hidden: boolean,
): Promise<Set<string>> {
  const rows = await loadChestAccessRows(db, organisationId, [chestId]);
  return readerIdsOf(rows, chestId, hidden);
}

/**
 * The public keys to wrap a secret's key for before saving it in this chest: every reader (hidden:
 * administrators only). For callers who may write there; a hidden list for administrators only.
 */
export async function listChestPublicKeys(
  ctx: ServiceContext,
  caller: CallerAccess,
  chestId: string,
  hidden: boolean,
): Promise<PublicKeysResponse> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const chest = requireWritableChest(caller, await findChest(db, organisationId, chestId));
  if (hidden) requireAdministrator(caller);
  const readers = await loadReaderIds(db, organisationId, chest.id, hidden);
  const keys = await findPublicKeys(db, organisationId, [...readers]);
  return { items: keys.map(({ user_id, public_key }) => ({ user_id, public_key })) };
}
