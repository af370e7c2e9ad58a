import { sourceItem } from '../source-item.js';
import { otherColumnFields } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const MAPPED = ['title', 'login', 'password', 'url', 'notes', 'otp'];

/** SafeInCloud's CSV export (Title, Login, Password, URL, Notes, OTP, then one column per further field). */
export const safeInCloudCsv = csvFormat({
  id: 'safeincloud-csv',
  name: 'SafeInCloud (csv)',
  columns: MAPPED,
  row(row, ref, columns) {
    const fields = otherColumnFields(row, columns, MAPPED);
    if (blankRow(row, MAPPED) && fields.length === 0) return 'not a secret';
    const url = row.cell('url').trim();
    const urls = url ? [url] : [];
    const username = row.cell('login');
    const password = row.cell('password');
    return sourceItem(ref, {
      kind: username || password || url || row.cell('notes') === '' ? 'login' : 'note',
      title: row.cell('title') || fallbackTitle(urls, username),
      username,
      password,
      urls,
      notes: row.cell('notes'),
      totp: row.cell('otp'),
      fields,
    });
  },
});
