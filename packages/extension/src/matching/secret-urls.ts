// The URLs of a password secret as matching reads them: the main URL with its rule, then the others.
// The payload is whatever a reader sealed, so its parts are read with core's defensive reader.
import { readPasswordExtras, readUrlMatchRule, type SecretUrl } from '@coffer/core';

/** The secret's URLs, main first; empty ones are left out (a secret without a URL matches no page). */
export function secretUrlsOf(opened: Record<string, unknown>): SecretUrl[] {
  const urls: SecretUrl[] = [];
  if (typeof opened.url === 'string' && opened.url.trim() !== '') {
    const match = readUrlMatchRule(opened.urlMatch);
    urls.push(match ? { url: opened.url, match } : { url: opened.url });
  }
  const { moreUrls } = readPasswordExtras(opened);
  for (const more of moreUrls ?? []) if (more.url.trim() !== '') urls.push(more);
  return urls;
}
