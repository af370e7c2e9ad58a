import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceField, sourceItem } from '../source-item.js';
import { looksConcealed } from './concealed-names.js';
import { commaList } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

// Older exports call a secret a "Password", newer ones a "Secret"; the folder is "Folder Name" or "ChamberName".
const either = (row: CsvRow, ...columns: string[]) =>
  columns.map((column) => row.cell(column)).find((value) => value !== '') ?? '';
const WEB_ACCOUNT = 'Web Account';

/** Zoho's "Label:value" lines (SecretData, CustomData), in order; a value may hold further colons. */
function labelled(cell: string): [label: string, value: string][] {
  return cell.split(/\r?\n/).flatMap((line): [string, string][] => {
    const at = line.indexOf(':');
    return at > 0 ? [[line.slice(0, at).trim(), line.slice(at + 1)]] : [];
  });
}

/**
 * Zoho Vault's CSV export: a secret's login values as "Label:value" lines in SecretData (its type
 * first), custom ones likewise in CustomData.
 */
export const zohoVaultCsv = csvFormat({
  id: 'zoho-vault-csv',
  name: 'Zoho Vault (csv)',
  columns: ['description', 'secretdata', 'notes', 'customdata', 'tags', 'classification', 'favorite'],
  row(row, ref) {
    const title = either(row, 'secret name', 'password name');
    const url = either(row, 'secret url', 'password url').trim();
    if (!title && !url && blankRow(row, ['secretdata', 'notes', 'customdata', 'totp'])) return 'not a secret';
    let username = '';
    let password = '';
    const fields: SourceField[] = [];
    for (const [label, value] of labelled(row.cell('secretdata'))) {
      if (label === 'SecretType') {
        if (value.trim() !== WEB_ACCOUNT)
          fields.push({ name: 'Secret type', value: value.trim(), hidden: false });
      } else if (/^user ?name$/i.test(label) && !username) username = value;
      else if (/^password$/i.test(label) && !password) password = value;
      else if (value !== '') fields.push({ name: label, value, hidden: looksConcealed(label) });
    }
    for (const [label, value] of labelled(row.cell('customdata')))
      if (value !== '') fields.push({ name: label, value, hidden: looksConcealed(label) });
    if (row.cell('description'))
      fields.unshift({ name: 'Description', value: row.cell('description'), hidden: false });
    const urls = url ? [url] : [];
    return sourceItem(ref, {
      title: title || fallbackTitle(urls, username),
      username,
      password,
      urls,
      notes: row.cell('notes'),
      totp: row.cell('totp'),
      fields,
      // A folder name is one line; pass-import's sample nests with line breaks, read as a path.
      container: containerPath(either(row, 'chambername', 'folder name'), '\n'),
      favourite: row.cell('favorite').trim() === '1',
      tags: commaList(row.cell('tags')),
    });
  },
});
