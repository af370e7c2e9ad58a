import type {
  AllTimeDataRecordsResponse,
  DateRangeDataRecordsResponse,
  StatisticsMetric,
} from '@coffer/core';
import { type CallerAccess, requireStatisticsViewer } from '../../policy/index.js';
import {
  type DataRecordRow,
  findNewestRecordDay,
  findOldestRecordDay,
  listRecordsBetween,
  listRecordsOfDays,
} from '../../repositories/data-record-repository.js';
import type { ServiceContext } from '../service-context.js';
import { type DateRangeQuery, readDayRange } from './date-range-input.js';
import { buildCards, comparisonTarget } from './statistics-cards.js';
import { isStatisticsMetric } from './statistics-metrics.js';
import { todaysFigures } from './todays-figures.js';
import { dayOf, daysFrom } from './utc-days.js';

type DayValues = Partial<Record<StatisticsMetric, number>>;

/**
 * `GET api/v1/all_time_data_records.json` (data administrators of the organisation): the cards, read
 * from the newest daily record and the one it is compared with (statistics-cards.ts). At most four
 * indexed reads of data_records, whatever the number of users or organisations. Before the
 * organisation's first record, today's figures so far stand in (todays-figures.ts), compared with
 * nothing: only then are live rows counted, once a day per organisation and server.
 */
export async function allTimeDataRecords(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<AllTimeDataRecordsResponse> {
  requireStatisticsViewer(caller);
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const newest = await findNewestRecordDay(db, organisationId);
  if (!newest) {
    const today = dayOf(new Date());
    const figures = await todaysFigures(db, organisationId, today);
    return { items: buildCards(figures, figures), recorded_on: today, so_far: true };
  }
  // Younger than the comparison period: the change since the first record.
  const compared =
    (await findNewestRecordDay(db, organisationId, comparisonTarget(newest))) ??
    (await findOldestRecordDay(db, organisationId)) ??
    newest;
  const byDay = valuesByDay(await listRecordsOfDays(db, organisationId, [newest, compared]));
  return {
    items: buildCards(byDay.get(newest) ?? {}, byDay.get(compared) ?? {}),
    recorded_on: newest,
    so_far: false,
  };
}

/**
 * `GET api/v1/date_range_data_records.json?from=&to=` (data administrators): every day of the range,
 * oldest first, each with the figures recorded that day (none for a day without a record). Before the
 * organisation's first record, today (when in the range) has today's figures so far, as the cards do.
 */
export async function dateRangeDataRecords(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: DateRangeQuery,
): Promise<DateRangeDataRecordsResponse> {
  requireStatisticsViewer(caller);
  const { from, to } = readDayRange(query);
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const byDay = valuesByDay(await listRecordsBetween(db, organisationId, from, to));
  const today = dayOf(new Date());
  if (from <= today && today <= to && !(await findNewestRecordDay(db, organisationId))) {
    byDay.set(today, await todaysFigures(db, organisationId, today));
  }
  return { from, to, days: daysFrom(from, to).map((date) => ({ date, values: byDay.get(date) ?? {} })) };
}

function valuesByDay(records: readonly DataRecordRow[]): Map<string, DayValues> {
  const byDay = new Map<string, DayValues>();
  for (const { recorded_on, metric, value } of records) {
    // A metric this server does not know (written by a newer one sharing the database) is left out.
    if (!isStatisticsMetric(metric)) continue;
    const values = byDay.get(recorded_on) ?? {};
    values[metric] = value;
    byDay.set(recorded_on, values);
  }
  return byDay;
}
