import {
  KEY_FOR_STRANGER_MESSAGE,
  KEYSHARE_FETCH_LIMIT,
  type ReshareAllResponse,
  readerIdsOf,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { withoutFsync } from '../../db/without-fsync.js';
import { AppError } from '../../errors/app-error.js';
import {
  type CallerAccess,
  notFound,
  requireAdministrator,
  requireVisibleSecret,
  requireVisibleTeam,
} from '../../policy/index.js';
import { presentKeyShares } from '../../presenters/key-share-presenter.js';
import {
  countMissingKeys,
  listMissingKeys,
  type MissingKey,
} from '../../repositories/missing-key-repository.js';
import {
  deleteKeysWithoutAccess,
  deleteWrappedKey,
  insertMissingKeys,
} from '../../repositories/secret-key-repository.js';
import { findSecret, findSecretsByIds } from '../../repositories/secret-repository.js';
import { findTeam } from '../../repositories/team-repository.js';
import { findDirectoryUsers } from '../../repositories/user-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { loadReaderRows } from '../chests/chest-reader-service.js';
import { beginKeyChange, recordKeyChange, recordKeysDelivered } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import { checkWrappedKeys, type WrappedKeyInput } from '../secrets/secret-input.js';
import type { ServiceContext } from '../service-context.js';
import { usersOutsideLog } from '../trust-log/log-readers.js';

/** Narrows the missing keys to one team's members or one user. */
export type MissingKeyFilter = { teamId: string } | { userId: string } | Record<string, never>;

/** A rewrapped key delivered by reshare.json. */
export interface ShareInput extends WrappedKeyInput {
  secret_id: string;
}

/**
 * Readers without a key, for secrets the caller holds a key of: each with the reader's public key
 * and the caller's own wrapped key, so the caller's browser can rewrap. Administrators only
 * (crypto.md, spec section 2: resharing is theirs), so no member can plant a key that opens nothing.
 */
export async function listMissingKeysFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  filter: MissingKeyFilter,
  limit = KEYSHARE_FETCH_LIMIT,
): Promise<ReshareAllResponse> {
  const { db } = ctx;
  requireAdministrator(caller);
  const organisationId = caller.organisation.id;
  if ('teamId' in filter) requireVisibleTeam(caller, await findTeam(db, organisationId, filter.teamId));
  if ('userId' in filter && (await findDirectoryUsers(db, organisationId, [filter.userId])).length === 0) {
    throw notFound();
  }
  const excludedUserIds = await usersOutsideLog(db, organisationId);
  const scope = { organisationId, callerId: caller.user.id, ...filter, excludedUserIds };
  const total = await countMissingKeys(db, scope);
  const missing: MissingKey[] = [];
  // Read in pieces with a turn of the event loop between them, as deliveries are written
  // (DELIVERY_PIECE): on SQLite a page of 500 held the event loop for several milliseconds.
  while (missing.length < limit) {
    if (missing.length > 0) await nextTurn();
    const want = Math.min(LIST_PIECE, limit - missing.length);
    const piece = await listMissingKeys(db, scope, want, missing.at(-1));
    missing.push(...piece);
    if (piece.length < want) break;
  }
  return presentKeyShares(missing, total);
}

/** Missing pairs per read of a page (listMissingKeysFor). */
export const LIST_PIECE = 100;

/**
 * Keys per transaction of a delivery. On SQLite every statement and commit runs on the event loop,
 * and a key written touches pages all over the wrapped keys' and missing pairs' indexes: 100 keys
 * held it about 10 ms. In pieces of 25 with a turn of the event loop between them, the requests that
 * arrived meanwhile are answered after at most one piece (docs/benchmarks.md, reshare-keys).
 */
export const DELIVERY_PIECE = 25;

/**
 * Stores rewrapped keys that are missing (administrators only); never replaces an existing key, so
 * a reshare cannot lock anyone out: a key that does not open is dropped by its holder's report
 * (reportBrokenKey) and so becomes missing. Every share must be for a secret of the organisation
 * and a user who may read it, or nothing is written. Written in pieces of DELIVERY_PIECE, each its
 * own transaction that checks its shares again: an access change that lands between two pieces
 * refuses the rest, and the keys already written stay (each was right when it was written).
 * Pieces commit without an fsync on SQLite (withoutFsync): a power cut can only take back whole
 * pieces, whose pairs are then missing again and rewrapped by the next run, while each fsync held
 * the event loop for the disk. Answers how many keys were added.
 */
export async function deliverKeys(
  ctx: ServiceContext,
  caller: CallerAccess,
  shares: readonly ShareInput[],
): Promise<number> {
  const { db } = ctx;
  requireAdministrator(caller);
  const keysBySecret = new Map<string, WrappedKeyInput[]>();
  for (const share of shares)
    keysBySecret.set(share.secret_id, [...(keysBySecret.get(share.secret_id) ?? []), share]);
  const checked = [...keysBySecret].flatMap(([secretId, keys]) =>
    checkWrappedKeys(keys).map((key) => ({ ...key, secret_id: secretId })),
  );
  await checkRecipients(db, caller, checked);
  let added = 0;
  for (let start = 0; start < checked.length; start += DELIVERY_PIECE) {
    if (start > 0) await nextTurn();
    const piece = checked.slice(start, start + DELIVERY_PIECE);
    added += await withoutFsync(db, (conn) =>
      runChange(conn, caller.organisation.id, async (trx) => {
        await beginKeyChange(trx, caller.organisation.id);
        await checkRecipients(trx, caller, piece);
        const count = await insertMissingKeys(trx, caller.organisation.id, piece);
        await recordKeysDelivered(trx, caller.organisation.id, piece);
        if (count > 0)
          await auditByCaller(trx, caller, `Shared ${count} missing secret keys`, 'SecretKey', null);
        return count;
      }),
    );
  }
  return added;
}

/** Refuses the delivery unless every key is for a visible secret and a user who may read it. */
async function checkRecipients(
  db: Kysely<Database>,
  caller: CallerAccess,
  keys: readonly (WrappedKeyInput & { secret_id: string })[],
): Promise<void> {
  const organisationId = caller.organisation.id;
  const secrets = await findSecretsByIds(db, organisationId, [...new Set(keys.map((key) => key.secret_id))]);
  const byId = new Map(secrets.map((secret) => [secret.id, secret]));
  const rows = await loadReaderRows(db, organisationId, [
    ...new Set(secrets.map((secret) => secret.vault_id)),
  ]);
  // Readers per chest and visibility, worked out once: a delivery holds keys of a few chests.
  const readers = new Map<string, ReadonlySet<string>>();
  const readersOf = (vaultId: string, hidden: boolean) => {
    const place = `${hidden ? 'hidden' : 'shown'}:${vaultId}`;
    let found = readers.get(place);
    if (!found) {
      found = readerIdsOf(rows, vaultId, hidden);
      readers.set(place, found);
    }
    return found;
  };
  for (const key of keys) {
    const secret = requireVisibleSecret(caller, byId.get(key.secret_id) ?? null);
    if (!readersOf(secret.vault_id, secret.hidden).has(key.user_id)) {
      throw AppError.validation(KEY_FOR_STRANGER_MESSAGE);
    }
  }
}

/** Lets the event loop answer what arrived (setImmediate runs after pending I/O). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Deletes every key of a user who may no longer read its secret; answers the count. Administrators
 * only: it is organisation-wide upkeep of other people's keys (access changes already delete keys
 * in their own transaction), nothing a member needs.
 */
export async function purgeKeys(ctx: ServiceContext, caller: CallerAccess): Promise<number> {
  const { db } = ctx;
  requireAdministrator(caller);
  return runChange(db, caller.organisation.id, async (trx) => {
    const count = await deleteKeysWithoutAccess(trx, caller.organisation.id);
    if (count > 0)
      await auditByCaller(trx, caller, `Removed ${count} keys of users without access`, 'SecretKey', null);
    return count;
  });
}

/**
 * The caller's own wrapped key of a secret does not open (api.md, "report a wrapped key that does
 * not open"): it is deleted, with its audit entry, so that it shows as missing to administrators,
 * whose next reshare wraps a working one. Only ever the caller's own key; 404 when the caller cannot
 * see the secret or holds no key of it.
 */
export async function reportBrokenKey(
  ctx: ServiceContext,
  caller: CallerAccess,
  secretId: string,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireVisibleSecret(caller, await findSecret(db, organisationId, secretId));
  await runChange(db, organisationId, async (trx) => {
    const deleted = await deleteWrappedKey(trx, organisationId, secret.id, caller.user.id);
    if (deleted === 0) throw notFound();
    await recordKeyChange(trx, organisationId, { secretIds: [secret.id], userIds: [caller.user.id] });
    await auditByCaller(trx, caller, `Reported a broken key of secret ${secret.name}`, 'Secret', secret.id);
  });
}
