import type { CsvRow } from '../read-csv.js';
import { type SourceField, sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

/** Chrome's and Edge's "Export passwords" (name, url, username, password, note). */
export const chromeCsv = csvFormat({
  id: 'chrome-csv',
  name: 'Chrome or Edge (csv)',
  columns: ['name', 'url', 'username', 'password'],
  // LastPass's export has these four too.
  also: (header) => !header.includes('grouping') && !header.includes('extra'),
  row(row, ref) {
    if (blankRow(row, ['name', 'url', 'username', 'password', 'note'])) return 'not a secret';
    const urls = urlsOf(row.cell('url'));
    return sourceItem(ref, {
      title: row.cell('name') || fallbackTitle(urls, row.cell('username')),
      username: row.cell('username'),
      password: row.cell('password'),
      urls,
      notes: row.cell('note'),
    });
  },
});

// Firefox keeps its own sync account among the logins; it is the browser's, not the team's.
const FIREFOX_ACCOUNT = 'chrome://firefoxaccounts';

/** Firefox's "Export Logins" (url, username, password, httpRealm, formActionOrigin, guid, times). */
export const firefoxCsv = csvFormat({
  id: 'firefox-csv',
  name: 'Firefox (csv)',
  columns: ['url', 'username', 'password', 'httprealm', 'formactionorigin'],
  row(row, ref) {
    const url = row.cell('url').trim();
    if (url.toLowerCase() === FIREFOX_ACCOUNT) return 'not a secret';
    if (blankRow(row, ['url', 'username', 'password'])) return 'not a secret';
    const urls = urlsOf(url);
    const fields: SourceField[] = [
      ['httprealm', 'HTTP realm'],
      ['formactionorigin', 'Form action origin'],
    ].flatMap(([column = '', name = '']) => {
      const value = row.cell(column);
      return value ? [{ name, value, hidden: false }] : [];
    });
    const guid = row.cell('guid');
    return sourceItem(ref, {
      ...(guid ? { sourceId: guid } : {}),
      title: fallbackTitle(urls, row.cell('username')) || url,
      username: row.cell('username'),
      password: row.cell('password'),
      urls,
      fields,
      ...timeOf(row, 'timecreated', 'createdAt'),
      ...timeOf(row, 'timepasswordchanged', 'updatedAt'),
    });
  },
});

/** Safari's "Export Passwords" (Title, URL, Username, Password, Notes, OTPAuth; older ones without the last two). */
export const safariCsv = csvFormat({
  id: 'safari-csv',
  name: 'Safari (csv)',
  columns: ['title', 'url', 'username', 'password'],
  // 1Password 8's CSV starts with the same four, then Favorite and Archived.
  also: (header) => !header.includes('archived') && !header.includes('favorite'),
  row(row, ref) {
    if (blankRow(row, ['title', 'url', 'username', 'password', 'notes'])) return 'not a secret';
    const urls = urlsOf(row.cell('url'));
    return sourceItem(ref, {
      title: row.cell('title') || fallbackTitle(urls, row.cell('username')),
      username: row.cell('username'),
      password: row.cell('password'),
      urls,
      notes: row.cell('notes'),
      totp: row.cell('otpauth'),
    });
  },
});

function urlsOf(cell: string): string[] {
  const url = cell.trim();
  return url ? [url] : [];
}

// Firefox writes times as milliseconds since 1970.
function timeOf(
  row: CsvRow,
  column: string,
  key: 'createdAt' | 'updatedAt',
): Partial<Record<typeof key, string>> {
  const ms = Number(row.cell(column));
  return Number.isFinite(ms) && ms > 0 ? { [key]: new Date(ms).toISOString() } : {};
}
