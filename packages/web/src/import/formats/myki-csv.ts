import { sourceItem } from '../source-item.js';
import { commaList, otherColumnFields } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const MAPPED = ['nickname', 'url', 'username', 'password', 'additionalinfo', 'twofasecret', 'tags', 'status'];
// Every account Myki exports is "active"; any other status is kept as a field.
const ACTIVE = 'active';

/**
 * Myki's CSV export of accounts (nickname, url, username, password, additionalInfo, twofaSecret; newer
 * ones add status and tags). Any further column is kept as a field.
 */
export const mykiCsv = csvFormat({
  id: 'myki-csv',
  name: 'Myki (csv)',
  columns: ['url', 'username', 'password', 'additionalinfo', 'nickname'],
  row(row, ref, columns) {
    if (blankRow(row, MAPPED)) return 'not a secret';
    const url = row.cell('url').trim();
    const urls = url ? [url] : [];
    const username = row.cell('username');
    const password = row.cell('password');
    const status = row.cell('status').trim();
    return sourceItem(ref, {
      kind: username || password || url ? 'login' : 'note',
      title: row.cell('nickname') || fallbackTitle(urls, username),
      username,
      password,
      urls,
      notes: row.cell('additionalinfo'),
      totp: row.cell('twofasecret'),
      tags: commaList(row.cell('tags')),
      fields: [
        ...(status && status.toLowerCase() !== ACTIVE
          ? [{ name: 'Status', value: status, hidden: false }]
          : []),
        ...otherColumnFields(row, columns, MAPPED),
      ],
    });
  },
});
