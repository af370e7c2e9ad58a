// The popup's list for a page: the secrets that match it, closest first. Among equals, a secret that
// needs no http warning comes first, then names in the reader's alphabetical order.
import type { SecretUrl } from '@coffer/core';
import { closer, matchSecret, type UrlMatch } from './match-secret.js';

/** What ranking needs of a secret; the caller's own fields (id, chest, username) ride along. */
export interface RankableSecret {
  urls: readonly SecretUrl[];
  name: string;
}

export interface RankedSecret<T extends RankableSecret> {
  entry: T;
  match: UrlMatch;
}

/** The entries whose URLs match the page, closest first; the others are left out. */
export function rankSecrets<T extends RankableSecret>(
  pageUrl: string,
  entries: readonly T[],
): RankedSecret<T>[] {
  const ranked = entries.flatMap((entry) => {
    const match = matchSecret(pageUrl, entry.urls);
    return match ? [{ entry, match }] : [];
  });
  return ranked.sort((a, b) => {
    if (closer(a.match, b.match)) return -1;
    if (closer(b.match, a.match)) return 1;
    return a.entry.name.localeCompare(b.entry.name);
  });
}
