/**
 * List totals (`total` of spec section 7's lists) kept for a few seconds per organisation. Counting
 * an administrator's 98,000 live secrets costs more than the page itself (docs/benchmarks.md), and
 * every page of an infinite scroll asks again. Every change in an organisation runs in runChange
 * (organisation-change.ts), which drops the organisation's totals once it commits; the short lifetime
 * bounds what another server can keep (at most twice the lifetime, see cachedListTotal).
 * Clients page by `next_cursor`, so a total a few seconds old never hides a row.
 */

/** How long a total is reused. */
export const LIST_TOTAL_TTL_MS = 5_000;
/** Past its lifetime, and for as long again, a total is still answered while it is counted afresh. */
const STALE_ANSWER_MS = 2 * LIST_TOTAL_TTL_MS;
// Past this many totals in one organisation (filters typed letter by letter), start afresh.
const MAX_TOTALS_PER_ORGANISATION = 500;

interface CachedTotal {
  value: number;
  at: number;
}

const totals = new Map<string, Map<string, CachedTotal>>();
// Counts under way, per organisation and key: a request that needs a total being counted waits for
// that count instead of starting its own. On SQLite counts queue on one thread
// (db/sqlite-count-thread.ts): every request that arrived during a 10 ms count queued another.
const counting = new Map<string, Map<string, Promise<number>>>();
let clock: () => number = Date.now;
let lastSweep = 0;

/**
 * The organisation's total for `key`, counted by `count` when not known within the last few
 * seconds. A total just past its lifetime is answered once more while it is counted afresh, so
 * under steady use no request waits for a count (nor for the counting thread to start); only a
 * list with no total, or one dropped by a change, waits for its count.
 */
export function cachedListTotal(
  organisationId: string,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const known = totals.get(organisationId)?.get(key);
  const age = known ? clock() - known.at : Number.POSITIVE_INFINITY;
  if (known && age < LIST_TOTAL_TTL_MS) return Promise.resolve(known.value);
  const counted = counting.get(organisationId)?.get(key) ?? startCount(organisationId, key, count);
  if (known && age < STALE_ANSWER_MS) {
    // Nobody waits for this count: a failure only means the next request counts again.
    counted.catch(() => {});
    return Promise.resolve(known.value);
  }
  return counted;
}

function startCount(organisationId: string, key: string, count: () => Promise<number>): Promise<number> {
  let organisationCounts = counting.get(organisationId);
  if (!organisationCounts) {
    organisationCounts = new Map();
    counting.set(organisationId, organisationCounts);
  }
  const startedAt = clock();
  const counted = count().then(
    (value) => {
      // Not kept when the organisation changed meanwhile (forgetListTotals): it may predate the change.
      if (settle(organisationId, key, counted)) store(organisationId, key, value, startedAt);
      return value;
    },
    (error: unknown) => {
      settle(organisationId, key, counted);
      throw error;
    },
  );
  organisationCounts.set(key, counted);
  return counted;
}

// Ends the count `counted`; answers whether it was still the organisation's current one.
function settle(organisationId: string, key: string, counted: Promise<number>): boolean {
  const organisationCounts = counting.get(organisationId);
  if (organisationCounts?.get(key) !== counted) return false;
  organisationCounts.delete(key);
  if (organisationCounts.size === 0) counting.delete(organisationId);
  return true;
}

function store(organisationId: string, key: string, value: number, at: number): void {
  let organisation = totals.get(organisationId);
  if (!organisation || organisation.size >= MAX_TOTALS_PER_ORGANISATION) {
    organisation = new Map();
    totals.set(organisationId, organisation);
  }
  organisation.set(key, { value, at });
  sweepExpired(at);
}

// At most once a lifetime, drops expired totals and organisations left without any: memory stays
// bounded by the organisations listed lately.
function sweepExpired(now: number): void {
  if (now - lastSweep < LIST_TOTAL_TTL_MS) return;
  lastSweep = now;
  for (const [organisationId, organisation] of totals) {
    for (const [key, total] of organisation) {
      if (now - total.at >= STALE_ANSWER_MS) organisation.delete(key);
    }
    if (organisation.size === 0) totals.delete(organisationId);
  }
}

/** Drops every total of an organisation: something in it changed. */
export function forgetListTotals(organisationId: string): void {
  totals.delete(organisationId);
  // Counts under way may predate the change: later requests count afresh.
  counting.delete(organisationId);
}

/** Whether any total of the organisation is kept (tests: nothing is left of a deleted organisation). */
export function hasListTotals(organisationId: string): boolean {
  return totals.has(organisationId) || counting.has(organisationId);
}

/** Tests only: a controllable clock. */
export function setListTotalClock(now: () => number): void {
  clock = now;
}
