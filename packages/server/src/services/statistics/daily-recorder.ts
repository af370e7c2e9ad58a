import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findNewestRecordDay, insertDayRecords } from '../../repositories/data-record-repository.js';
import { listOrganisationsAfter } from '../../repositories/organisation-repository.js';
import { countFiguresOfDays } from './daily-figures.js';
import { METRICS } from './statistics-metrics.js';
import { addDays, dayOf, daysFrom } from './utc-days.js';

/**
 * How far back a gap is filled: a server that was off for longer leaves the older days unrecorded
 * (the series shows them as missing) rather than inventing a month of counts it never saw.
 */
export const MAX_FILL_DAYS = 31;

/** Organisations read per page while recording. */
const ORGANISATION_PAGE = 100;

/** Options of recordMissingDays. */
export interface RecordOptions {
  /** The clock (tests move it); days up to the one before it are recorded. */
  now?: Date;
  /** Asked between organisations: true stops the run there (the server is closing). */
  shouldStop?: () => boolean;
}

/** What one run did. */
export interface RecordOutcome {
  /** Organisations that got at least one new day. */
  organisations: number;
  /** Rows written. */
  records: number;
}

/**
 * Records every organisation's missing days, up to yesterday (UTC): the record of a day is taken
 * once the day is over. The days missing for an organisation run from the day after its newest
 * record (at most MAX_FILL_DAYS back); an organisation without any record starts with yesterday (or
 * its first day, if it is younger), so a new server does not make up a past it never saw.
 *
 * Organisations are read in pages of ORGANISATION_PAGE by id, and each one is counted and written on
 * its own (a few short statements, no transaction spanning organisations), so a thousand
 * organisations never hold a lock for long. Safe to run on several servers at once and to repeat:
 * rows already written are skipped (insertDayRecords).
 */
export async function recordMissingDays(
  db: Kysely<Database>,
  options: RecordOptions = {},
): Promise<RecordOutcome> {
  const yesterday = addDays(dayOf(options.now ?? new Date()), -1);
  const outcome: RecordOutcome = { organisations: 0, records: 0 };
  let after = '';
  for (;;) {
    const page = await listOrganisationsAfter(db, after, ORGANISATION_PAGE);
    for (const organisation of page) {
      if (options.shouldStop?.()) return outcome;
      const records = await recordOrganisation(db, organisation, yesterday);
      if (records > 0) {
        outcome.organisations += 1;
        outcome.records += records;
      }
    }
    const last = page.at(-1);
    if (!last || page.length < ORGANISATION_PAGE) return outcome;
    after = last.id;
  }
}

/** The days an organisation still lacks, oldest first, given its newest record and creation day. */
export function missingDays(input: {
  newest: string | null;
  createdDay: string;
  yesterday: string;
}): string[] {
  const { newest, createdDay, yesterday } = input;
  const earliest = addDays(yesterday, -(MAX_FILL_DAYS - 1));
  const candidates = [createdDay, newest ? addDays(newest, 1) : yesterday, newest ? earliest : yesterday];
  // YYYY-MM-DD text sorts as the days do: the latest candidate comes last.
  const first = candidates.sort().at(-1) ?? yesterday;
  return daysFrom(first, yesterday);
}

/**
 * Counts and writes one organisation's missing days. Counts of rows (users, secrets, chests, …)
 * exist only as of now, so every missing day gets today's; sign-ins and secrets created or removed
 * come from each day's audit entries, exact for any past day.
 */
async function recordOrganisation(
  db: Kysely<Database>,
  organisation: { id: string; created_at: string },
  yesterday: string,
): Promise<number> {
  const days = missingDays({
    newest: await findNewestRecordDay(db, organisation.id),
    createdDay: organisation.created_at.slice(0, 10),
    yesterday,
  });
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 0;
  let written = 0;
  for (const [day, figures] of await countFiguresOfDays(db, organisation.id, first, last)) {
    const rows = METRICS.map(({ metric }) => ({ metric, value: figures[metric] }));
    written += await insertDayRecords(db, organisation.id, day, rows);
  }
  return written;
}
