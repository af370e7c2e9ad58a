import { bytesToHex, utf8Encode } from '@coffer/core';

/** Hex characters of a SHA-1 that leave the browser (k-anonymity, Pwned Passwords' range API). */
export const RANGE_PREFIX_LENGTH = 5;

/** The uppercase hex SHA-1 of a password: its first 5 characters are all a range request sends. */
export async function sha1Hex(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', utf8Encode(password));
  return bytesToHex(new Uint8Array(digest)).toUpperCase();
}

/** One range's answer: suffix (35 hex characters) → times seen; padding lines (count 0) left out. */
export type RangeAnswer = Map<string, number>;

/** Reads a range answer: `SUFFIX:COUNT` per line. */
export function parseRange(text: string): RangeAnswer {
  const seen: RangeAnswer = new Map();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const count = Number.parseInt(line.slice(colon + 1), 10);
    if (count > 0) seen.set(line.slice(0, colon).trim().toUpperCase(), count);
  }
  return seen;
}

/** Fetches ranges; injectable so tests count what would leave the browser. */
export type RangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Asks the range API about SHA-1s, each prefix once per checker. Only the 5-character prefix is in
 * the request (the path); `Add-Padding: true` makes every answer about the same size, so its length
 * tells an observer nothing either. No credentials, no referrer.
 */
export function createRangeChecker(rangeUrl: string, fetchRange: RangeFetch = fetch) {
  const ranges = new Map<string, Promise<RangeAnswer>>();
  const rangeOf = (prefix: string) => {
    let pending = ranges.get(prefix);
    if (!pending) {
      pending = fetchRange(`${rangeUrl}${prefix}`, {
        headers: { 'Add-Padding': 'true' },
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      }).then(async (response) => {
        if (!response.ok) throw new Error(`range answered ${response.status}`);
        return parseRange(await response.text());
      });
      // A failed range may be asked again by a later check.
      pending.catch(() => ranges.delete(prefix));
      ranges.set(prefix, pending);
    }
    return pending;
  };
  /** Times the password with this SHA-1 (uppercase hex) was seen in breaches; 0 when never. */
  return async (hash: string): Promise<number> => {
    const answer = await rangeOf(hash.slice(0, RANGE_PREFIX_LENGTH));
    return answer.get(hash.slice(RANGE_PREFIX_LENGTH)) ?? 0;
  };
}
