import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countFiguresOfDays } from './daily-figures.js';
import type { DailyFigures } from './statistics-metrics.js';

/**
 * Today's figures of organisations that have no daily record yet (docs/statistics.md, "Before the
 * first record"), counted on demand by the nightly recorder's own code and kept until the day ends.
 *
 * The cache belongs to this process: several servers may each count an organisation once a day, and
 * may show figures counted at different moments of it. That is the price of not sharing it (Redis is
 * optional); a count is a few index reads. It holds only the current UTC day: the first call of a new
 * day empties it, so it never grows past the organisations that opened the dashboard before their
 * first record, and by then the night's record has taken over.
 */
const cache = new Map<string, Promise<DailyFigures>>();
let cachedDay = '';

/**
 * The organisation's figures of `today` so far: the counts as of the day's first call, and today's
 * events until then.
 */
export function todaysFigures(
  db: Kysely<Database>,
  organisationId: string,
  today: string,
): Promise<DailyFigures> {
  if (today !== cachedDay) {
    cache.clear();
    cachedDay = today;
  }
  const cached = cache.get(organisationId);
  if (cached) return cached;
  // The promise is kept, so calls arriving while the count runs share it; a failed count is not kept.
  const counting = countFiguresOfDays(db, organisationId, today, today).then((byDay) => {
    const figures = byDay.get(today);
    if (!figures) throw new Error('statistics: the day asked for was not counted');
    return figures;
  });
  cache.set(organisationId, counting);
  counting.catch(() => {
    if (cache.get(organisationId) === counting) cache.delete(organisationId);
  });
  return counting;
}
