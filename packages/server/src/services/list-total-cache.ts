/**
 * List totals (`total` of spec section 7's lists) kept for a few seconds per organisation. Counting
 * an administrator's 98,000 live secrets costs more than the page itself (docs/benchmarks.md), and
 * every page of an infinite scroll asks again. Every change in an organisation writes an audit entry,
 * which drops the organisation's totals (see writeAudit); the short lifetime bounds what another
 * server, or a read racing a commit, can keep. Clients page by `next_cursor`, so a total a few
 * seconds old never hides a row.
 */

/** How long a total is reused. */
export const LIST_TOTAL_TTL_MS = 5_000;
// Past this many totals in one organisation (filters typed letter by letter), start afresh.
const MAX_TOTALS_PER_ORGANISATION = 500;

interface CachedTotal {
  value: number;
  at: number;
}

const totals = new Map<string, Map<string, CachedTotal>>();
let clock: () => number = Date.now;
let lastSweep = 0;

/** The organisation's total for `key`, counted by `count` when not known within the last few seconds. */
export async function cachedListTotal(
  organisationId: string,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const known = totals.get(organisationId)?.get(key);
  if (known && clock() - known.at < LIST_TOTAL_TTL_MS) return known.value;
  const startedAt = clock();
  const value = await count();
  let organisation = totals.get(organisationId);
  if (!organisation || organisation.size >= MAX_TOTALS_PER_ORGANISATION) {
    organisation = new Map();
    totals.set(organisationId, organisation);
  }
  organisation.set(key, { value, at: startedAt });
  sweepExpired(startedAt);
  return value;
}

// At most once a lifetime, drops expired totals and organisations left without any: memory stays
// bounded by the organisations listed lately, and a count that raced an organisation's deletion
// (forgetListTotals ran before it stored) leaves nothing behind for long.
function sweepExpired(now: number): void {
  if (now - lastSweep < LIST_TOTAL_TTL_MS) return;
  lastSweep = now;
  for (const [organisationId, organisation] of totals) {
    for (const [key, total] of organisation) {
      if (now - total.at >= LIST_TOTAL_TTL_MS) organisation.delete(key);
    }
    if (organisation.size === 0) totals.delete(organisationId);
  }
}

/** Drops every total of an organisation: something in it changed. */
export function forgetListTotals(organisationId: string): void {
  totals.delete(organisationId);
}

/** Whether any total of the organisation is kept (tests: nothing is left of a deleted organisation). */
export function hasListTotals(organisationId: string): boolean {
  return totals.has(organisationId);
}

/** Tests only: a controllable clock. */
export function setListTotalClock(now: () => number): void {
  clock = now;
}
