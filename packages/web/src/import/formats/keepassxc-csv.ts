import { containerPath, sourceItem } from '../source-item.js';
import { blankRow, csvFormat } from './csv-format.js';

/**
 * KeePassXC's CSV export (Group, Title, Username, Password, URL, Notes; newer versions add TOTP, Icon,
 * Last Modified, Created). The group path starts with the database's root group, which is no folder.
 */
export const keePassXcCsv = csvFormat({
  id: 'keepassxc-csv',
  name: 'KeePassXC (csv)',
  columns: ['group', 'title', 'username', 'password', 'url', 'notes'],
  row(row, ref) {
    if (blankRow(row, ['title', 'username', 'password', 'url', 'notes'])) return 'not a secret';
    const url = row.cell('url').trim();
    const modified = isoTime(row.cell('last modified'));
    const created = isoTime(row.cell('created'));
    return sourceItem(ref, {
      title: row.cell('title'),
      username: row.cell('username'),
      password: row.cell('password'),
      urls: url ? [url] : [],
      notes: row.cell('notes'),
      totp: row.cell('totp'),
      container: containerPath(row.cell('group')).slice(1),
      ...(created ? { createdAt: created } : {}),
      ...(modified ? { updatedAt: modified } : {}),
    });
  },
});

function isoTime(text: string): string | undefined {
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
