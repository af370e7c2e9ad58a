import { rankSecrets } from '../matching/index.js';
import type { SecretIndex } from '../sync/index.js';
import { queryFilter, toVaultEntry, type VaultEntry } from './vault-entry.js';

/**
 * The most rows the popup shows at once. Rendering every login of a 10,000-secret index took the popup
 * far past its 100 ms goal (docs/benchmarks.md, extension-sync); the tab's matches come first, and a
 * search reaches every other login.
 */
export const LIST_LIMIT = 50;

/** What the popup lists for a tab and a search. */
export interface PopupList {
  /** The tab's matches (closest first), then the other logins in the index's order; at most the limit. */
  rows: VaultEntry[];
  /** The ids of the logins that match the tab. */
  matching: ReadonlySet<string>;
  /** How many logins the search selects in all: more than `rows` holds when the list was cut. */
  total: number;
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
  for (const entry of index.entries()) {
    if (matching.has(entry.secretId) || !wanted(entry)) continue;
    total += 1;
    if (rows.length < limit) rows.push(toVaultEntry(entry));
  }
  return { rows, matching, total };
}
