import type { SecretUrl } from '@coffer/core';
import { matchSecret, rankSecrets } from '../matching/index.js';

/** How a secret's URLs stand to a tab's address: a match, one to confirm (http page, https secret), or none. */
export type UrlVerdict = 'match' | 'match-insecure' | 'none';

/** The tab against a secret's URLs, by the matching rules (src/matching/). */
export function judgeUrls(urls: readonly SecretUrl[], tabUrl: string): UrlVerdict {
  const match = matchSecret(tabUrl, urls);
  if (!match) return 'none';
  return match.insecure ? 'match-insecure' : 'match';
}

/** The popup's order: the secrets matching the tab, closest first (rankSecrets), then every other one. */
export function rankByTab<T extends { urls: readonly SecretUrl[]; name: string }>(
  entries: readonly T[],
  tabUrl: string | null,
): T[] {
  if (!tabUrl) return [...entries];
  const matching = rankSecrets(tabUrl, entries).map(({ entry }) => entry);
  const chosen = new Set(matching);
  return [...matching, ...entries.filter((entry) => !chosen.has(entry))];
}
