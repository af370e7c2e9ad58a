import { sourceItem } from '../source-item.js';
import { commaList, otherColumnFields } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const MAPPED = ['name', 'tags', 'url', 'username', 'password', 'notes'];

/**
 * Padlock's CSV export (name, tags, url, username, password, notes, then one column per further field).
 * Padlock has no folders: its comma-separated tags stay tags.
 */
export const padlockCsv = csvFormat({
  id: 'padlock-csv',
  name: 'Padlock (csv)',
  columns: MAPPED,
  row(row, ref, columns) {
    const fields = otherColumnFields(row, columns, MAPPED);
    if (blankRow(row, MAPPED) && fields.length === 0) return 'not a secret';
    const url = row.cell('url').trim();
    const urls = url ? [url] : [];
    return sourceItem(ref, {
      title: row.cell('name') || fallbackTitle(urls, row.cell('username')),
      username: row.cell('username'),
      password: row.cell('password'),
      urls,
      notes: row.cell('notes'),
      tags: commaList(row.cell('tags')),
      fields,
    });
  },
});
