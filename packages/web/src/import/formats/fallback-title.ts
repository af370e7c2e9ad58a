/** A title for an item the source left untitled: its first URL's host, else its username. */
export function fallbackTitle(urls: readonly string[], username: string): string {
  for (const url of urls) {
    try {
      const host = new URL(url).hostname;
      if (host) return host;
    } catch {
      // Not a URL a browser can read (an app link, a bare host): try the next.
    }
  }
  return username;
}
