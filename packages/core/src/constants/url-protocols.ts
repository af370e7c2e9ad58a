// The url field of a password secret is edited as a protocol dropdown plus an address.

/** Protocols offered by the dropdown; the first is the default. */
export const URL_PROTOCOLS: readonly string[] = [
  'https://',
  'http://',
  'ftp://',
  'sftp://',
  'ssh://',
  'rdp://',
];

/** The default protocol of a new url or one typed without a protocol. */
export const DEFAULT_URL_PROTOCOL = 'https://';

/** A url split for the form: `protocol` is '' when the url has a scheme the dropdown lacks. */
export interface SplitUrl {
  protocol: string;
  address: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Splits a stored url into dropdown protocol and address; unknown schemes stay in the address. */
export function splitUrl(url: string | null | undefined): SplitUrl {
  const value = (url ?? '').trim();
  const lower = value.toLowerCase();
  const protocol = URL_PROTOCOLS.find((candidate) => lower.startsWith(candidate));
  if (protocol) return { protocol, address: value.slice(protocol.length) };
  if (SCHEME.test(value)) return { protocol: '', address: value };
  return { protocol: DEFAULT_URL_PROTOCOL, address: value };
}

/** Joins protocol and address back into a url; '' when the address is empty; a full url typed as address wins. */
export function joinUrl(protocol: string, address: string): string {
  const value = address.trim();
  if (value === '') return '';
  if (SCHEME.test(value)) return value;
  return `${protocol}${value}`;
}
