// The key the index groups URLs by: the registrable domain (tldts, the public suffix list), so that
// `login.example.co.uk` and `www.example.co.uk` land together and h4's matching ranks within them.
// Hosts without one (an IP address, `localhost`, an intranet name) group by their host name.
import type { SecretUrl } from '@coffer/core';
import { getDomain, getHostname } from 'tldts';

/** The registrable domain of a URL or bare host ('example.com/login' too); null when it names no host. */
export function siteKey(urlOrHost: string): string | null {
  const trimmed = urlOrHost.trim();
  if (trimmed === '') return null;
  const key = getDomain(trimmed) ?? getHostname(trimmed);
  return key ? key.toLowerCase() : null;
}

/** The distinct site keys of a secret's URLs, in the order of its URLs. */
export function siteKeys(urls: readonly SecretUrl[]): string[] {
  const keys = new Set<string>();
  for (const { url } of urls) {
    const key = siteKey(url);
    if (key) keys.add(key);
  }
  return [...keys];
}
