import { sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const COLUMNS = ['account', 'login name', 'password', 'web site', 'comments'];

/** KeePass 2's CSV export (Account, Login Name, Password, Web Site, Comments): no groups. */
export const keePassCsv = csvFormat({
  id: 'keepass-csv',
  name: 'KeePass 2 (csv)',
  columns: COLUMNS,
  row(row, ref) {
    if (blankRow(row, COLUMNS)) return 'not a secret';
    const url = row.cell('web site').trim();
    const urls = url ? [url] : [];
    return sourceItem(ref, {
      title: row.cell('account') || fallbackTitle(urls, row.cell('login name')),
      username: row.cell('login name'),
      password: row.cell('password'),
      urls,
      notes: row.cell('comments'),
    });
  },
});
