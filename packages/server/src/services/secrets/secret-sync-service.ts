import {
  SECRET_CHANGES_CURSOR_MESSAGE,
  SECRET_CHANGES_MAX_LIMIT,
  SECRET_IDS_MAX_LIMIT,
  type Secret,
  type SecretChanges,
  type SecretIdPage,
  type SecretReadPage,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, maySeeSecret, ownChestIds, seesHiddenSecrets } from '../../policy/index.js';
import { presentSecret } from '../../presenters/secret-presenter.js';
import {
  type ChangeEvent,
  type ChangePosition,
  countReadableSecrets,
  listReadableSecretIds,
  type ReadableScope,
  readChangeEvents,
  readChangeSeq,
} from '../../repositories/secret-change-repository.js';
import { findWrappedKeysOfUser } from '../../repositories/secret-key-repository.js';
import { findSealedSecretsByIds } from '../../repositories/secret-repository.js';
import type { ServiceContext } from '../service-context.js';
import { loadSecretExtras } from './secret-query-service.js';

// The browser extension's sync (issue 29; docs/server.md, "Changes since a cursor"). A change is an
// event of the caller's: a wrapped key of theirs written or deleted, or a secret they hold a key of
// written. Each page answers every secret of its events once, as it stands now: readable (the rule of
// GET /api/v1/secrets/:id, live, of the category asked for) in `items`, otherwise in `removed`.

export interface SecretChangesQuery {
  since?: string;
  limit?: number;
  category?: string;
}

export interface SecretIdsQuery {
  after?: string;
  limit?: number;
  category?: string;
}

export interface SecretReadBody {
  ids: string[];
  category?: string;
}

const FROM_THE_BEGINNING: ChangePosition = { seq: -1, id: null };

/** What changed for the caller since `since`: at most `limit` events' secrets, then the cursor to go on from. */
export async function listSecretChanges(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: SecretChangesQuery,
): Promise<SecretChanges> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const userId = caller.user.id;
  const limit = query.limit ?? SECRET_CHANGES_MAX_LIMIT;
  const from = query.since === undefined ? FROM_THE_BEGINNING : decodeSyncCursor(query.since, userId);
  // Read first: every stamp up to it has committed, so this page reads nothing a later one would miss.
  const upTo = await readChangeSeq(db, organisationId);
  if (from.seq > upTo) throw AppError.validation(SECRET_CHANGES_CURSOR_MESSAGE);
  // A first sync holds nothing to remove.
  const removals = query.since !== undefined;
  const { events, complete } = await readChangeEvents(
    db,
    organisationId,
    userId,
    from,
    upTo,
    limit + 1,
    removals,
  );
  const { ids, last, full } = takeSecrets(events, limit);
  const more = full || !complete;
  const cursor = encodeSyncCursor(
    userId,
    more && last ? { seq: last.seq, id: last.secret_id } : { seq: upTo, id: null },
  );
  const category = query.category ?? null;
  const [{ items, removed }, readable] = await Promise.all([
    readableNow(ctx, caller, ids, category),
    countReadableSecrets(db, readableScope(caller, category)),
  ]);
  return { items, removed, cursor, more, readable };
}

/**
 * The caller's readable secrets by id, after `after`: a first sync lists them to read their payloads
 * (readSecretsFor), a client whose `readable` count differs prunes with them. The cursor is the
 * counter read before the listing, so changes.json from it answers whatever the listing may have missed.
 */
export async function listReadableSecretIdsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: SecretIdsQuery,
): Promise<SecretIdPage> {
  const limit = query.limit ?? SECRET_IDS_MAX_LIMIT;
  const scope = readableScope(caller, query.category ?? null);
  const upTo = await readChangeSeq(ctx.db, caller.organisation.id);
  const rows = await listReadableSecretIds(ctx.db, scope, query.after ?? null, limit + 1);
  return {
    items: rows.slice(0, limit),
    more: rows.length > limit,
    cursor: encodeSyncCursor(caller.user.id, { seq: upTo, id: null }),
  };
}

/**
 * The secrets of `ids` the caller can read now, as GET /api/v1/secrets/:id answers each, in the order
 * asked (duplicates once); the rest in `missing`, whatever the reason (another organisation's id
 * included), as the single read answers 404 alike.
 */
export async function readSecretsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  body: SecretReadBody,
): Promise<SecretReadPage> {
  const ids = [...new Set(body.ids)];
  const { items, removed } = await readableNow(ctx, caller, ids, body.category ?? null);
  return { items, missing: removed };
}

/**
 * Walks the events in order while they name at most `limit` secrets (an event of a secret already
 * taken costs nothing): the secrets, the last event taken, and whether a further secret was left.
 */
function takeSecrets(
  events: readonly ChangeEvent[],
  limit: number,
): { ids: string[]; last: ChangeEvent | undefined; full: boolean } {
  const ids = new Set<string>();
  let last: ChangeEvent | undefined;
  for (const event of events) {
    if (!ids.has(event.secret_id)) {
      if (ids.size === limit) return { ids: [...ids], last, full: true };
      ids.add(event.secret_id);
    }
    last = event;
  }
  return { ids: [...ids], last, full: false };
}

function readableScope(caller: CallerAccess, category: string | null): ReadableScope {
  const includeHidden = seesHiddenSecrets(caller);
  return {
    organisationId: caller.organisation.id,
    userId: caller.user.id,
    // Administrators read every chest; everyone else the chests of their teams and those they manage.
    chestIds: includeHidden ? null : ownChestIds(caller),
    includeHidden,
    category,
  };
}

/** Splits the page's secrets into what the caller can read now (as GET /api/v1/secrets/:id answers it) and the rest. */
async function readableNow(
  ctx: ServiceContext,
  caller: CallerAccess,
  ids: readonly string[],
  category: string | null,
): Promise<{ items: Secret[]; removed: string[] }> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const [secrets, keys] = await Promise.all([
    findSealedSecretsByIds(db, organisationId, ids),
    findWrappedKeysOfUser(db, organisationId, caller.user.id, ids),
  ]);
  const byId = new Map(secrets.map((secret) => [secret.id, secret]));
  const readable = ids.flatMap((id) => {
    const secret = byId.get(id);
    const key = keys.get(id);
    const live = secret && secret.deleted_at === null && (category === null || secret.category === category);
    return live && key && maySeeSecret(caller, secret) ? [{ secret, key }] : [];
  });
  const extras = await loadSecretExtras(
    db,
    caller,
    readable.map(({ secret }) => secret),
    new Set(['vault']),
  );
  const readableIds = new Set(readable.map(({ secret }) => secret.id));
  return {
    items: readable.map(({ secret, key }) => presentSecret(secret, key, extras.get(secret.vault_id))),
    removed: ids.filter((id) => !readableIds.has(id)),
  };
}

// The cursor: base64url of [1, user id, stamp, secret id or null]. It names its user, so a cursor of
// another account (an extension signed in anew) is refused rather than skipping that account's changes.
function encodeSyncCursor(userId: string, position: ChangePosition): string {
  return Buffer.from(JSON.stringify([1, userId, position.seq, position.id]), 'utf8').toString('base64url');
}

function decodeSyncCursor(text: string, userId: string): ChangePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw AppError.validation(SECRET_CHANGES_CURSOR_MESSAGE);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw AppError.validation(SECRET_CHANGES_CURSOR_MESSAGE);
  const [version, owner, seq, id] = parsed as unknown[];
  const validId = id === null || (typeof id === 'string' && id.length > 0 && id.length <= 64);
  if (version !== 1 || owner !== userId || !Number.isSafeInteger(seq) || (seq as number) < 0 || !validId) {
    throw AppError.validation(SECRET_CHANGES_CURSOR_MESSAGE);
  }
  return { seq: seq as number, id: id as string | null };
}
