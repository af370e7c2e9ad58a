// Whether a page may be offered a secret, and how closely it fits: the rules of docs/extension-page.md,
// "Matching". Hosts are compared as the URL parser wrote them (punycode, lower case), never as strings
// the page chose, and a domain counts only as a whole registrable domain of the Public Suffix List.
import type { SecretUrl } from '@coffer/core';
import { isDefaultPort, readPageAddress, readSavedAddress, type WebAddress } from './web-address.js';

/**
 * How a page fits a saved URL, closest first: the 'exact' rule's URL, the 'starts-with' rule's prefix,
 * or the 'host' rule (the default) on the very host ('host') or another host of its registrable domain
 * ('site': login.example.com for a secret saved for example.com).
 */
export type MatchKind = 'exact' | 'starts-with' | 'host' | 'site';

/** Closest first; rankSecrets and the choice between a secret's URLs use this order. */
export const MATCH_KINDS: readonly MatchKind[] = ['exact', 'starts-with', 'host', 'site'];

export interface UrlMatch {
  kind: MatchKind;
  /** An http: page and a secret saved for https: the popup warns before it fills. */
  insecure: boolean;
  /** The saved URL that matched, as the secret holds it. */
  url: string;
}

/** The closest match of a page against a secret's URLs (main URL first, then the others), or null. */
export function matchSecret(pageUrl: string, urls: readonly SecretUrl[]): UrlMatch | null {
  const page = readPageAddress(pageUrl);
  if (!page) return null;
  let best: UrlMatch | null = null;
  for (const saved of urls) {
    const match = matchAddress(page, saved);
    if (match && (best === null || closer(match, best))) best = match;
  }
  return best;
}

/** Whether `a` fits better than `b`: a closer kind, or the same kind without the http warning. */
export function closer(a: UrlMatch, b: UrlMatch): boolean {
  const byKind = MATCH_KINDS.indexOf(a.kind) - MATCH_KINDS.indexOf(b.kind);
  return byKind !== 0 ? byKind < 0 : !a.insecure && b.insecure;
}

function matchAddress(page: WebAddress, saved: SecretUrl): UrlMatch | null {
  const address = readSavedAddress(saved.url);
  if (!address) return null;
  const kind = kindOf(page, address, saved.match ?? 'host');
  if (kind === null) return null;
  return { kind, insecure: page.scheme === 'http' && address.scheme === 'https', url: saved.url };
}

function kindOf(
  page: WebAddress,
  saved: WebAddress,
  rule: NonNullable<SecretUrl['match']>,
): MatchKind | null {
  switch (rule) {
    case 'exact':
      return sameOrigin(page, saved) && samePath(page, saved) && sameQuery(page, saved) ? 'exact' : null;
    case 'starts-with':
      return sameOrigin(page, saved) && `${page.path}${page.query}`.startsWith(`${saved.path}${saved.query}`)
        ? 'starts-with'
        : null;
    case 'host':
      return hostKind(page, saved);
  }
}

// An IP address, localhost or any host without a registrable domain is one server: the host and port
// must be the same. A domain's subdomains are one site; a port counts only when the saved URL names one.
function hostKind(page: WebAddress, saved: WebAddress): MatchKind | null {
  if (saved.site === null) return sameOrigin(page, saved) ? 'host' : null;
  if (page.site !== saved.site) return null;
  if (saved.portNamed && page.port !== saved.port) return null;
  return page.host === saved.host ? 'host' : 'site';
}

// The scheme is left to the caller (an http: page matches an https: secret, flagged insecure). Without
// a named port, the page must be on its own scheme's default port, so https://example.com saved matches
// http://example.com (insecure) but not https://example.com:8443.
function sameOrigin(page: WebAddress, saved: WebAddress): boolean {
  if (page.host !== saved.host) return false;
  return saved.portNamed ? page.port === saved.port : isDefaultPort(page);
}

// "/login" and "/login/" are the same page to the people who save them; the case of a path is kept.
function samePath(page: WebAddress, saved: WebAddress): boolean {
  return withoutTrailingSlash(page.path) === withoutTrailingSlash(saved.path);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

// A saved URL without a query matches the page whatever its query (sign-in pages carry return paths);
// one that has a query asks for that very query. The fragment never counts.
function sameQuery(page: WebAddress, saved: WebAddress): boolean {
  return saved.query === '' || page.query === saved.query;
}
