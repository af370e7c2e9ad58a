import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceItem, sourceItem } from '../source-item.js';
import { cellFields, type FieldColumn } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const CARD: readonly FieldColumn[] = [
  ['cardholdername', 'Cardholder name'],
  ['cardnumber', 'Card number', true],
  ['cvc', 'CVC', true],
  ['pin', 'PIN', true],
  ['expirydate', 'Expiry date'],
];
const IDENTITY: readonly FieldColumn[] = [
  ['full_name', 'Full name'],
  ['email', 'Email'],
  ['phone_number', 'Phone number'],
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipcode', 'ZIP code'],
  ['country', 'Country'],
];
const VALUES = ['url', 'username', 'password', 'note', 'folder', ...[...CARD, ...IDENTITY].map(([c]) => c)];

// Newer exports name each row's type; older ones leave it to be read from which cells are filled.
const TYPES: Record<string, SourceItem['kind'] | 'folder'> = {
  password: 'login',
  note: 'note',
  credit_card: 'card',
  identity: 'identity',
  folder: 'folder',
};

function kindOf(row: CsvRow): SourceItem['kind'] | 'folder' {
  const typed = TYPES[row.cell('type').trim().toLowerCase()];
  if (typed) return typed;
  if (blankRow(row, VALUES)) return 'folder';
  if (!blankRow(row, ['url', 'username', 'password'])) return 'login';
  if (!blankRow(row, ['cardnumber', 'cardholdername', 'cvc', 'expirydate'])) return 'card';
  if (
    !blankRow(
      row,
      IDENTITY.map(([column]) => column),
    )
  )
    return 'identity';
  return 'note';
}

/** A JSON list of URLs in a cell (newer exports' additional_urls), or none. */
function extraUrls(cell: string): string[] {
  try {
    const value: unknown = JSON.parse(cell);
    return Array.isArray(value)
      ? value.filter((url): url is string => typeof url === 'string' && url !== '')
      : [];
  } catch {
    return cell.trim() ? [cell.trim()] : [];
  }
}

/**
 * NordPass's CSV export: logins, secure notes, cards and identities in one table. A folder is a row of
 * its own with only a name (the items name their folder, nested with "/"); it is no secret.
 */
export const nordPassCsv = csvFormat({
  id: 'nordpass-csv',
  name: 'NordPass (csv)',
  columns: ['name', 'url', 'username', 'password', 'note', 'cardnumber', 'folder', 'full_name'],
  row(row, ref) {
    const kind = kindOf(row);
    if (kind === 'folder') return 'not a secret';
    const url = row.cell('url').trim();
    const urls = [...(url ? [url] : []), ...extraUrls(row.cell('additional_urls'))];
    return sourceItem(ref, {
      kind,
      title: row.cell('name') || fallbackTitle(urls, row.cell('username')),
      username: row.cell('username'),
      password: row.cell('password'),
      urls,
      notes: row.cell('note'),
      container: containerPath(row.cell('folder')),
      fields: [...cellFields(row, CARD), ...cellFields(row, IDENTITY)],
    });
  },
});
