import { containerPath, sourceItem } from '../source-item.js';
import { commaList, otherColumnFields } from './csv-fields.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

const MAPPED = [
  'organisationseinheit',
  'datatags',
  'beschreibung',
  'benutzername',
  'passwort',
  'internetseite',
  'informationen',
  'one-time passwort',
];

/**
 * Netwrix Password Secure's CSV export, as its German client writes it (semicolons; Organisationseinheit,
 * DataTags, Beschreibung, Benutzername, Passwort, Internetseite, Informationen, One-Time Passwort). The
 * organisational unit is the folder; any further column is kept as a field.
 */
export const netwrixPasswordSecureCsv = csvFormat({
  id: 'netwrix-passwordsecure-csv',
  name: 'Netwrix Password Secure (csv)',
  columns: ['organisationseinheit', 'beschreibung', 'benutzername', 'passwort', 'internetseite'],
  row(row, ref, columns) {
    const fields = otherColumnFields(row, columns, MAPPED);
    if (blankRow(row, MAPPED) && fields.length === 0) return 'not a secret';
    const url = row.cell('internetseite').trim();
    const urls = url ? [url] : [];
    return sourceItem(ref, {
      title: row.cell('beschreibung') || fallbackTitle(urls, row.cell('benutzername')),
      username: row.cell('benutzername'),
      password: row.cell('passwort'),
      urls,
      notes: row.cell('informationen'),
      totp: row.cell('one-time passwort'),
      container: containerPath(row.cell('organisationseinheit')),
      tags: commaList(row.cell('datatags')),
      fields,
    });
  },
});
