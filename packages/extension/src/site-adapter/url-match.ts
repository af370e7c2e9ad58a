import type { SecretUrl } from '@coffer/core';
import { getDomain } from 'tldts';

// The thin adapter over issue 29's matching module (src/matching/, another engineer's): the popup and the
// fill gate call only this file, which h4's rankSecrets and match rules replace when they land.

/** How a secret's URLs stand to a tab's address. */
export type UrlVerdict = 'match' | 'match-insecure' | 'none';

function parse(value: string): URL | null {
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The registrable domain (example.co.uk), or the bare host for IP addresses and single labels. */
function siteOf(url: URL): string {
  return getDomain(url.hostname, { allowPrivateDomains: true }) ?? url.hostname;
}

function ruleMatches(secretUrl: SecretUrl, secret: URL, tab: URL): boolean {
  const rule = secretUrl.match ?? 'host';
  const tabRest = `${tab.host}${tab.pathname}${tab.search}`;
  const secretRest = `${secret.host}${secret.pathname}${secret.search}`;
  if (rule === 'exact') return tabRest.replace(/\/$/, '') === secretRest.replace(/\/$/, '');
  if (rule === 'starts-with') return tabRest.startsWith(secretRest.replace(/\/$/, ''));
  return siteOf(secret) === siteOf(tab);
}

/**
 * Whether a tab's address is one of the secret's sites. A secret saved for https on a page served over
 * http is a match that must be confirmed ('match-insecure'); any other scheme never matches.
 */
export function judgeUrls(urls: readonly SecretUrl[], tabUrl: string): UrlVerdict {
  const tab = parse(tabUrl);
  if (!tab || !/^https?:\/\//i.test(tabUrl)) return 'none';
  let verdict: UrlVerdict = 'none';
  for (const secretUrl of urls) {
    const secret = parse(secretUrl.url);
    if (!secret || !ruleMatches(secretUrl, secret, tab)) continue;
    if (secret.protocol === 'https:' && tab.protocol === 'http:') verdict = 'match-insecure';
    else return 'match';
  }
  return verdict;
}

/** Secrets matching the tab first (best first), then the rest; order kept within each group. */
export function rankByTab<T extends { urls: readonly SecretUrl[] }>(
  entries: readonly T[],
  tabUrl: string | null,
): T[] {
  if (!tabUrl) return [...entries];
  const score = (entry: T) => ({ match: 0, 'match-insecure': 1, none: 2 })[judgeUrls(entry.urls, tabUrl)];
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map(({ entry }) => entry);
}
