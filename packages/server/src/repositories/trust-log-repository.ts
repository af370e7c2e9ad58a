import type { Kysely } from 'kysely';
import type { Database, TrustLogTable } from '../db/schema.js';

/** One stored entry: its canonical JSON, signature and hash. */
export type TrustLogRow = Pick<TrustLogTable, 'seq' | 'entry' | 'sig' | 'hash'>;

/** Where an organisation's log ends: the last entry's seq and hash; null before genesis. */
export interface TrustLogHead {
  seq: number;
  hash: string;
}

/** The organisation's entries after `after` (all from genesis when -1), in order, at most `limit`. */
export async function listTrustLogRows(
  db: Kysely<Database>,
  organisationId: string,
  after: number,
  limit: number,
): Promise<TrustLogRow[]> {
  return db
    .selectFrom('trust_log')
    .select(['seq', 'entry', 'sig', 'hash'])
    .where('organisation_id', '=', organisationId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The organisation's last entry, or null when it has no log yet. */
export async function findTrustLogHead(
  db: Kysely<Database>,
  organisationId: string,
): Promise<TrustLogHead | null> {
  const row = await db
    .selectFrom('trust_log')
    .select(['seq', 'hash'])
    .where('organisation_id', '=', organisationId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Appends an entry; a second entry at the same (organisation, seq) is a unique violation. */
export async function insertTrustLogRow(
  db: Kysely<Database>,
  organisationId: string,
  row: TrustLogRow,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('trust_log')
    .values({ organisation_id: organisationId, ...row, created_at: createdAt })
    .execute();
}
