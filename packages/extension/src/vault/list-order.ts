import type { SecretUrl } from '@coffer/core';
import { matchSecret } from '../matching/index.js';

/** How a secret's URLs stand to a tab's address: a match, one to confirm (http page, https secret), or none. */
export type UrlVerdict = 'match' | 'match-insecure' | 'none';

/** The tab against a secret's URLs, by the matching rules (src/matching/). */
export function judgeUrls(urls: readonly SecretUrl[], tabUrl: string): UrlVerdict {
  const match = matchSecret(tabUrl, urls);
  if (!match) return 'none';
  return match.insecure ? 'match-insecure' : 'match';
}
