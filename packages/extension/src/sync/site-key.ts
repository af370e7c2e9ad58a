// The key the index groups URLs by: the registrable domain (tldts, the public suffix list), so that
// `login.example.co.uk` and `www.example.co.uk` land together and h4's matching ranks within them.
// Hosts without one (an IP address, `localhost`, an intranet name) group by their host name.
import { getDomain, getHostname } from 'tldts';

/** The registrable domain of a URL or bare host ('example.com/login' too); null when it names no host. */
export function siteKey(urlOrHost: string): string | null {
  const trimmed = urlOrHost.trim();
  if (trimmed === '') return null;
  const key = getDomain(trimmed) ?? getHostname(trimmed);
  return key ? key.toLowerCase() : null;
}
