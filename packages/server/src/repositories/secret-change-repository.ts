import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

// The extension's sync (issue 29, docs/server.md "Changes since a cursor"). Triggers (migration
// 2026-12-07-0001) stamp every write of a secret or a wrapped key with the organisation's change
// counter and record every wrapped key deleted; these queries read those stamps for one user.

/** A place in the organisation's changes: after stamp `seq`, and within it after secret `id` (null: all of it). */
export interface ChangePosition {
  seq: number;
  id: string | null;
}

/** Something changed for the user about one secret, at stamp `seq`. */
export interface ChangeEvent {
  seq: number;
  secret_id: string;
}

/** Which secrets count as readable: the chests (null: all) and whether hidden ones count, of a category or all. */
export interface ReadableScope {
  organisationId: string;
  userId: string;
  chestIds: readonly string[] | null;
  includeHidden: boolean;
  category: string | null;
}

/**
 * The organisation's change counter as committed. Every stamp up to it has committed: a stamp is
 * taken with the organisation's row, which its transaction holds until it commits.
 */
export async function readChangeSeq(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('organisations')
    .select('change_seq')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return Number(row?.change_seq ?? 0);
}

/** A stretch of the user's events in stamp order; `complete` when no event of the range was left unread. */
export interface ChangeEvents {
  events: ChangeEvent[];
  complete: boolean;
}

/**
 * The user's change events after `from` up to stamp `upTo`, in stamp order: their wrapped keys
 * written, secrets they hold a key of written, and (with `removals`) their keys deleted. Each stream
 * is read in the order of its own index, at most `perStream` rows; the merge stops at the first
 * stream's end that left rows unread, so the answer is every event up to its last one. A secret may
 * come more than once.
 */
export async function readChangeEvents(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
  from: ChangePosition,
  upTo: number,
  perStream: number,
  removals: boolean,
): Promise<ChangeEvents> {
  const keys = db
    .selectFrom('secret_keys')
    .select(['change_seq as seq', 'secret_id'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId);
  const secrets = db
    .selectFrom('secrets as s')
    .innerJoin('secret_keys as k', (join) =>
      join
        .onRef('k.secret_id', '=', 's.id')
        .on('k.user_id', '=', userId)
        .on('k.organisation_id', '=', organisationId),
    )
    .select(['s.change_seq as seq', 's.id as secret_id'])
    .where('s.organisation_id', '=', organisationId);
  const removed = db
    .selectFrom('secret_key_removals')
    .select(['change_seq as seq', 'secret_id'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId);
  const streams = (
    await Promise.all([
      inRange(keys, 'change_seq', 'secret_id', from, upTo, perStream),
      inRange(secrets, 's.change_seq', 's.id', from, upTo, perStream),
      removals ? inRange(removed, 'change_seq', 'secret_id', from, upTo, perStream) : [],
    ])
  ).map((rows) => rows.map((row): ChangeEvent => ({ seq: Number(row.seq), secret_id: row.secret_id })));
  // A stream that filled its rows may hold more: nothing after its last row is known to be complete.
  const ends = streams.filter((rows) => rows.length >= perStream).map((rows) => rows.at(-1) as ChangeEvent);
  const boundary = ends.sort(compareEvents)[0];
  const events = streams
    .flat()
    .sort(compareEvents)
    .filter((event) => !boundary || compareEvents(event, boundary) <= 0);
  return { events, complete: !boundary };
}

/** Stamp order, then secret id: the order of every stream's index. */
export function compareEvents(a: ChangeEvent, b: ChangeEvent): number {
  return a.seq - b.seq || (a.secret_id < b.secret_id ? -1 : a.secret_id > b.secret_id ? 1 : 0);
}

// Kysely cannot type a column reference chosen at run time across three tables; the callers name columns of the query.
type EventQuery = SelectQueryBuilder<Database, never, { seq: number; secret_id: string }>;

function inRange(
  // biome-ignore lint/suspicious/noExplicitAny: one helper for three queries of differing sources.
  query: SelectQueryBuilder<any, any, { seq: number; secret_id: string }>,
  seqColumn: string,
  idColumn: string,
  from: ChangePosition,
  upTo: number,
  limit: number,
): Promise<{ seq: number; secret_id: string }[]> {
  const bounded = (query as EventQuery)
    // biome-ignore lint/suspicious/noExplicitAny: see EventQuery.
    .where((eb: any) => {
      const after = eb(seqColumn, '>', from.seq);
      return from.id === null
        ? after
        : eb.or([after, eb.and([eb(seqColumn, '=', from.seq), eb(idColumn, '>', from.id)])]);
    })
    // biome-ignore lint/suspicious/noExplicitAny: see EventQuery.
    .where(seqColumn as any, '<=', upTo)
    // biome-ignore lint/suspicious/noExplicitAny: see EventQuery.
    .orderBy(seqColumn as any)
    // biome-ignore lint/suspicious/noExplicitAny: see EventQuery.
    .orderBy(idColumn as any)
    .limit(limit);
  return bounded.execute();
}

/** The user's readable secrets: a key held, live, in the scope's chests, hidden ones only when it says so. */
function readableSecrets(db: Kysely<Database>, scope: ReadableScope) {
  let query = db
    .selectFrom('secret_keys as k')
    .innerJoin('secrets as s', 's.id', 'k.secret_id')
    .where('k.organisation_id', '=', scope.organisationId)
    .where('k.user_id', '=', scope.userId)
    .where('s.organisation_id', '=', scope.organisationId)
    .where('s.deleted_at', 'is', null);
  if (scope.chestIds)
    query = query.where('s.vault_id', 'in', scope.chestIds.length > 0 ? [...scope.chestIds] : ['']);
  if (!scope.includeHidden) query = query.where('s.hidden', '=', false);
  if (scope.category) query = query.where('s.category', '=', scope.category);
  return query;
}

/** How many secrets the user can read now (of the scope's category). */
export async function countReadableSecrets(db: Kysely<Database>, scope: ReadableScope): Promise<number> {
  const row = await readableSecrets(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The user's readable secrets by id after `after`, at most `limit`: id and revision. */
export async function listReadableSecretIds(
  db: Kysely<Database>,
  scope: ReadableScope,
  after: string | null,
  limit: number,
): Promise<{ id: string; revision: number }[]> {
  let query = readableSecrets(db, scope).select(['k.secret_id as id', 's.revision']);
  if (after !== null) query = query.where('k.secret_id', '>', after);
  const rows = await query.orderBy('k.secret_id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, revision: Number(row.revision) }));
}
