import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceField, sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

interface RoboFormField {
  name: string;
  type: string;
  value: string;
}

/**
 * RoboForm's own record of a login's form fields, in the RfFieldsV2 column ("Name$,…,…,type,value")
 * or the older Rf_fields one ("Name$:type:value"), continued past the header's last column.
 */
function formFields(row: CsvRow, newer: boolean): RoboFormField[] {
  const cells = [row.cell(newer ? 'rffieldsv2' : 'rf_fields'), ...row.extra].filter((cell) => cell !== '');
  return cells.flatMap((cell) => {
    const parts = newer ? cell.split(',') : cell.split(':');
    const [name, type, value] = newer
      ? [parts[0], parts[3], parts.slice(4).join(',')]
      : [parts[0], parts[1], parts.slice(2).join(':')];
    if (name === undefined || type === undefined) return [];
    return [{ name: name.replace(/\$$/, ''), type, value }];
  });
}

const COLUMNS = ['name', 'url', 'login', 'pwd', 'note', 'folder'];

/**
 * RoboForm's CSV export (Name, Url, MatchUrl, Login, Pwd, Note, Folder, RfFieldsV2; older ones without
 * MatchUrl and with Rf_fields). A login's form fields repeat its login and password; the others are kept.
 */
export const roboFormCsv = csvFormat({
  id: 'roboform-csv',
  name: 'RoboForm (csv)',
  columns: COLUMNS,
  also: (header) => header.includes('rffieldsv2') || header.includes('rf_fields'),
  row(row, ref, columns) {
    if (blankRow(row, COLUMNS)) return 'not a secret';
    const newer = columns.some((column) => column.toLowerCase() === 'rffieldsv2');
    const username = row.cell('login');
    const password = row.cell('pwd');
    const urls = [...new Set([row.cell('url').trim(), row.cell('matchurl').trim()].filter(Boolean))];
    const fields: SourceField[] = formFields(row, newer)
      .filter((field) => field.value !== '' && field.value !== username && field.value !== password)
      .map((field) => ({ name: field.name, value: field.value, hidden: field.type === 'pwd' }));
    return sourceItem(ref, {
      kind: username || password || urls.length > 0 ? 'login' : 'note',
      title: row.cell('name') || fallbackTitle(urls, username),
      username,
      password,
      urls,
      notes: row.cell('note'),
      fields,
      container: containerPath(row.cell('folder')),
    });
  },
});
