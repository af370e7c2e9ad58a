import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceField, sourceItem } from '../source-item.js';
import { blankRow, csvFormat } from './csv-format.js';

// Bitwarden writes custom fields one per line as "name: value", and several URIs joined by commas.
function fieldsOf(text: string): SourceField[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      return at < 0
        ? { name: line, value: '', hidden: false }
        : { name: line.slice(0, at), value: line.slice(at + 2), hidden: false };
    });
}

const COLUMNS = ['type', 'name', 'notes', 'fields', 'login_uri', 'login_username', 'login_password'];

function bitwardenRow(row: CsvRow, ref: string, containerColumn: 'folder' | 'collections') {
  if (blankRow(row, COLUMNS)) return 'not a secret' as const;
  const type = row.cell('type').trim().toLowerCase();
  const fields = fieldsOf(row.cell('fields'));
  // An organisation export lists every collection an item is in; it goes into the first.
  const [primary, ...others] = row
    .cell(containerColumn)
    .split(',')
    .map((name) => name.trim());
  if (others.length > 0)
    fields.push({ name: 'Also in collections', value: others.join(', '), hidden: false });
  return sourceItem(ref, {
    kind: type === 'note' ? 'note' : type === 'login' ? 'login' : 'other',
    title: row.cell('name'),
    username: row.cell('login_username'),
    password: row.cell('login_password'),
    urls: row
      .cell('login_uri')
      .split(',')
      .map((uri) => uri.trim())
      .filter((uri) => uri !== ''),
    notes: row.cell('notes'),
    totp: row.cell('login_totp'),
    fields,
    container: containerPath(primary),
    favourite: row.cell('favorite').trim() === '1',
  });
}

/** Bitwarden's personal CSV export (a folder column). */
export const bitwardenCsv = csvFormat({
  id: 'bitwarden-csv',
  name: 'Bitwarden (csv)',
  columns: ['folder', ...COLUMNS],
  row: (row, ref) => bitwardenRow(row, ref, 'folder'),
});

/** Bitwarden's organisation CSV export (a collections column). */
export const bitwardenOrganisationCsv = csvFormat({
  id: 'bitwarden-organisation-csv',
  name: 'Bitwarden organisation (csv)',
  columns: ['collections', ...COLUMNS],
  row: (row, ref) => bitwardenRow(row, ref, 'collections'),
});
