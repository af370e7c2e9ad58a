// A page's URL and a secret's saved URL, read into the parts matching compares. The browser's own URL
// parser does the hard parts (punycode for IDN, lower case, userinfo, IPv6 brackets, default ports), so a
// string trick such as https://example.com@evil.net or https://example.com.evil.net is read as the host
// it really names; the Public Suffix List (tldts) says which part of a host is the registrable domain.
import { parse } from 'tldts';

/** The only schemes Coffer matches: a secret is never offered to javascript:, data:, file: or an extension page. */
export type WebScheme = 'http' | 'https';

/** A URL as matching compares it. */
export interface WebAddress {
  scheme: WebScheme;
  /** ASCII (punycode) and lower case, without a trailing dot; IPv6 keeps its brackets. */
  host: string;
  /** The port the URL points at: the one it names, else its scheme's default. */
  port: number;
  /** Whether the URL was written with a port (even the scheme's default, as in https://example.com:443). */
  portNamed: boolean;
  /**
   * The registrable domain (eTLD+1 by the Public Suffix List, private suffixes such as github.io
   * honoured), or null when the host has none: an IP address, localhost, a single-label intranet
   * name, a bare public suffix. Such hosts match by exact host only.
   */
  site: string | null;
  /** '/' at least, as URL gives it. */
  path: string;
  /** With its '?', or '' when the URL has no query. */
  query: string;
}

const DEFAULT_PORTS: Record<WebScheme, number> = { http: 80, https: 443 };

/** Reads a page's address (a tab's or a frame's URL); null for any scheme but http and https. */
export function readPageAddress(pageUrl: string): WebAddress | null {
  return addressOf(pageUrl);
}

/**
 * Reads a URL saved in a secret. People write "example.com/login" or "localhost:3000": a URL without a
 * scheme is read as https. A scheme other than http or https (ftp:, androidapp:, javascript:) never
 * matches a web page, so it answers null, as does anything that does not parse.
 */
export function readSavedAddress(savedUrl: string): WebAddress | null {
  const trimmed = savedUrl.trim();
  if (trimmed === '') return null;
  return addressOf(withScheme(trimmed));
}

/** The registrable domain of a page, for the popup's header; the bare host when it has none. */
export function siteOf(url: string): string | null {
  const address = readPageAddress(url);
  return address ? (address.site ?? address.host) : null;
}

/** Whether `port` is what the scheme uses when none is named. */
export function isDefaultPort(address: WebAddress): boolean {
  return address.port === DEFAULT_PORTS[address.scheme];
}

/** "scheme://host[:port]" as the browser writes an origin (the default port left out). */
export function originOf(address: WebAddress): string {
  const port = isDefaultPort(address) ? '' : `:${address.port}`;
  return `${address.scheme}://${address.host}${port}`;
}

// "localhost:3000" looks like scheme "localhost:" to URL, so a scheme counts only when "://" follows it,
// or when what follows the colon is not a port (javascript:alert(1), mailto:someone@example.com).
const HIERARCHICAL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const OPAQUE_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

function withScheme(url: string): string {
  if (HIERARCHICAL_SCHEME.test(url) || OPAQUE_SCHEME.test(url)) return url;
  return url.startsWith('//') ? `https:${url}` : `https://${url}`;
}

function addressOf(url: string): WebAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const scheme = parsed.protocol === 'https:' ? 'https' : parsed.protocol === 'http:' ? 'http' : null;
  if (scheme === null || parsed.hostname === '') return null;
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  if (host === '' || host.endsWith('.')) return null;
  const portNamed = parsed.port !== '' || namesDefaultPort(url, parsed.protocol);
  const port = parsed.port === '' ? DEFAULT_PORTS[scheme] : Number(parsed.port);
  return {
    scheme,
    host,
    port,
    portNamed,
    site: registrableDomain(host),
    path: parsed.pathname,
    query: parsed.search,
  };
}

// URL drops a port equal to the scheme's default; the saved text still says whether one was written.
function namesDefaultPort(url: string, protocol: string): boolean {
  const afterScheme = url.slice(protocol.length).replace(/^[/\\]*/, '');
  const authority = afterScheme.split(/[/?#\\]/, 1)[0] ?? '';
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  return /:\d+$/.test(
    hostAndPort.startsWith('[') ? hostAndPort.slice(hostAndPort.indexOf(']')) : hostAndPort,
  );
}

function registrableDomain(host: string): string | null {
  if (host.startsWith('[')) return null;
  const parts = parse(host, { allowPrivateDomains: true, extractHostname: false });
  if (parts.isIp) return null;
  return parts.domain;
}
