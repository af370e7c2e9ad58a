import { rankSecrets } from '../matching/index.js';
import type { IndexEntry, SecretIndex } from '../sync/index.js';
import { queryFilter, toVaultEntry, type VaultEntry } from './vault-entry.js';

/**
 * The most rows the popup shows at once. Rendering every login of a 10,000-secret index took the popup
 * far past its 100 ms goal (docs/benchmarks.md, extension-sync); the tab's matches come first, and a
 * search reaches every other login.
 */
export const LIST_LIMIT = 50;

/** What the popup lists for a tab and a search. */
export interface PopupList {
  /** The tab's matches (closest first), then the other logins by name; at most the limit. */
  rows: VaultEntry[];
  /** The ids of the logins that match the tab. */
  matching: ReadonlySet<string>;
  /** How many logins the search selects in all: more than `rows` holds when the list was cut. */
  total: number;
}

const names = new Intl.Collator();

// The reader's alphabetical order; the id settles equal names, so a list never depends on the order
// in which a sync happened to open the secrets.
function byName(a: IndexEntry, b: IndexEntry): number {
  return names.compare(a.name, b.name) || (a.secretId < b.secretId ? -1 : a.secretId > b.secretId ? 1 : 0);
}

/**
 * The first `room` entries by name, without sorting them all: a search over 10,000 logins keeps only
 * the rows it can show, so a keystroke costs one pass and a few insertions.
 */
function firstByName(entries: Iterable<IndexEntry>, room: number): IndexEntry[] {
  const kept: IndexEntry[] = [];
  if (room <= 0) return kept;
  for (const entry of entries) {
    const last = kept[kept.length - 1];
    if (kept.length === room && last && byName(entry, last) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byName(kept[middle] as IndexEntry, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > room) kept.pop();
  }
  return kept;
}

/**
 * The popup's list. The tab's matches come from the index's lookup by registrable domain
 * (`entriesFor`, then the matching module's ranking), not from matching every login; only the rows
 * shown are turned into list entries.
 */
export function popupList(
  index: SecretIndex,
  tabUrl: string | null,
  query: string,
  limit = LIST_LIMIT,
): PopupList {
  const ranked = tabUrl ? index.entriesFor(tabUrl, rankSecrets).map(({ entry }) => entry) : [];
  const matching = new Set(ranked.map((entry) => entry.secretId));
  const wanted = queryFilter(query);
  const rows: VaultEntry[] = [];
  let total = 0;
  for (const entry of ranked) {
    if (!wanted(entry)) continue;
    total += 1;
    if (rows.length < limit) rows.push(toVaultEntry(entry));
  }
  const others: IndexEntry[] = [];
  for (const entry of index.entries()) {
    if (matching.has(entry.secretId) || !wanted(entry)) continue;
    total += 1;
    others.push(entry);
  }
  for (const entry of firstByName(others, limit - rows.length)) rows.push(toVaultEntry(entry));
  return { rows, matching, total };
}
