import { randomUUID } from 'node:crypto';
import type { StatisticsMetric } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// data_records: one row per organisation, metric and UTC day (unique), written by the daily recorder
// and read by the statistics calls. Every query filters on organisation_id; the reads go through
// (organisation_id, recorded_on) (migration 2026-11-24-0002), so they cost the same however many
// users, secrets or other organisations there are.

/** One stored figure, its metric as written (a newer server sharing the database may write more). */
export interface DataRecordRow {
  metric: string;
  value: number;
  recorded_on: string;
}

/**
 * Stores one day's figures, skipping any (organisation, metric, day) already there: whoever writes
 * first wins, so several servers recording at once leave one row each. One statement per day, its
 * rows always in the same order, so two racing statements never wait on each other crosswise.
 * Answers how many rows were new.
 */
export async function insertDayRecords(
  db: Kysely<Database>,
  organisationId: string,
  day: string,
  figures: readonly { metric: StatisticsMetric; value: number }[],
): Promise<number> {
  if (figures.length === 0) return 0;
  const createdAt = new Date().toISOString();
  const result = await db
    .insertInto('data_records')
    .values(
      figures.map(({ metric, value }) => ({
        id: randomUUID(),
        organisation_id: organisationId,
        metric,
        value,
        recorded_on: day,
        created_at: createdAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['organisation_id', 'metric', 'recorded_on']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The newest day with a record, on or before `onOrBefore` when given; null when there is none. */
export async function findNewestRecordDay(
  db: Kysely<Database>,
  organisationId: string,
  onOrBefore?: string,
): Promise<string | null> {
  let query = db
    .selectFrom('data_records')
    .select('recorded_on')
    .where('organisation_id', '=', organisationId)
    .orderBy('recorded_on', 'desc')
    .limit(1);
  if (onOrBefore) query = query.where('recorded_on', '<=', onOrBefore);
  const row = await query.executeTakeFirst();
  return row?.recorded_on ?? null;
}

/** The oldest day with a record, or null. */
export async function findOldestRecordDay(
  db: Kysely<Database>,
  organisationId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('data_records')
    .select('recorded_on')
    .where('organisation_id', '=', organisationId)
    .orderBy('recorded_on', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.recorded_on ?? null;
}

/** The records from `from` to `to` (both included), oldest day first. */
export async function listRecordsBetween(
  db: Kysely<Database>,
  organisationId: string,
  from: string,
  to: string,
): Promise<DataRecordRow[]> {
  const rows = await db
    .selectFrom('data_records')
    .select(['metric', 'value', 'recorded_on'])
    .where('organisation_id', '=', organisationId)
    .where('recorded_on', '>=', from)
    .where('recorded_on', '<=', to)
    .orderBy('recorded_on')
    .execute();
  return toRecords(rows);
}

/** The records of the given days. */
export async function listRecordsOfDays(
  db: Kysely<Database>,
  organisationId: string,
  days: readonly string[],
): Promise<DataRecordRow[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('data_records')
    .select(['metric', 'value', 'recorded_on'])
    .where('organisation_id', '=', organisationId)
    .where('recorded_on', 'in', [...new Set(days)])
    .execute();
  return toRecords(rows);
}

function toRecords(rows: readonly DataRecordRow[]): DataRecordRow[] {
  return rows.map(({ metric, value, recorded_on }) => ({ metric, value: Number(value), recorded_on }));
}
