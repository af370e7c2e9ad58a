import { ImportError } from '../import-error.js';
import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceField, type SourceItem, sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Dashlane's CSV export is a zip of one CSV per kind (credentials, secure notes, payments, IDs,
// personal info); each file is imported on its own. Columns without a place of their own become fields.
const ID = 'dashlane-csv';
const NAME = 'Dashlane (csv)';

// Values that are secret by nature (a card's number and code, an account number, an ID's number).
const CONCEALED = /^(cc_number|code|account_number|routing_number|number|otp.*)$/;

function fieldsOf(row: CsvRow, placed: readonly string[]): SourceField[] {
  return row.entries().flatMap(([column, value]) => {
    const name = column.toLowerCase();
    if (placed.includes(name) || value.trim() === '') return [];
    return [{ name: column, value, hidden: CONCEALED.test(name) }];
  });
}

const CREDENTIAL_COLUMNS = ['username', 'title', 'password', 'note', 'url', 'category'];

const credentials = csvFormat({
  id: ID,
  name: NAME,
  columns: [...CREDENTIAL_COLUMNS, 'username2'],
  row(row, ref) {
    // A category alone is nothing to import.
    if (
      blankRow(row, [
        'username',
        'username2',
        'username3',
        'title',
        'password',
        'note',
        'url',
        'otpsecret',
        'otpurl',
      ])
    )
      return 'not a secret';
    const url = row.cell('url').trim();
    const username = row.cell('username');
    // Older exports have otpSecret (a bare secret), newer ones otpUrl (an otpauth:// URI); when both are
    // given, the one not taken as the TOTP stays as a (hidden) field.
    const otpUrl = row.cell('otpurl').trim();
    const totp = otpUrl || row.cell('otpsecret').trim();
    return sourceItem(ref, {
      title: row.cell('title') || fallbackTitle(url ? [url] : [], username),
      username,
      password: row.cell('password'),
      urls: url ? [url] : [],
      notes: row.cell('note'),
      totp,
      fields: fieldsOf(row, [...CREDENTIAL_COLUMNS, otpUrl ? 'otpurl' : 'otpsecret']),
      // Dashlane's category is its folder (as Bitwarden's importer reads it).
      container: containerPath(row.cell('category')),
    });
  },
});

const secureNotes = csvFormat({
  id: ID,
  name: NAME,
  columns: ['title', 'note'],
  also: (header) => header.length === 2,
  row(row, ref) {
    if (blankRow(row, ['title', 'note'])) return 'not a secret';
    return sourceItem(ref, { kind: 'note', title: row.cell('title'), notes: row.cell('note') });
  },
});

// Every other file: one item per row, its values as fields, named by what the row is.
function recordsFile(
  columns: string[],
  kind: (type: string) => SourceItem['kind'],
  title: (row: CsvRow) => string,
): ImportFormat {
  return csvFormat({
    id: ID,
    name: NAME,
    columns,
    row(row, ref) {
      const fields = fieldsOf(row, ['type']);
      if (fields.length === 0) return 'not a secret';
      const type = row.cell('type').trim();
      return sourceItem(ref, {
        kind: kind(type.toLowerCase()),
        title: title(row) || type || ref,
        fields: type ? [{ name: 'type', value: type, hidden: false }, ...fields] : fields,
      });
    },
  });
}

const payments = recordsFile(
  ['type', 'account_name', 'account_holder', 'cc_number', 'code', 'expiration_month', 'expiration_year'],
  () => 'card',
  (row) => row.cell('account_name'),
);
const ids = recordsFile(
  ['type', 'number', 'name', 'issue_date', 'expiration_date'],
  () => 'identity',
  (row) => row.cell('name'),
);
const personalInfo = recordsFile(
  ['type', 'title', 'first_name', 'last_name', 'email', 'phone_number', 'address'],
  () => 'identity',
  (row) => row.cell('item_name') || [row.cell('first_name'), row.cell('last_name')].filter(Boolean).join(' '),
);

const FILES = [credentials, payments, ids, personalInfo, secureNotes];

/** One of the CSV files in Dashlane's export: credentials, secure notes, payments, IDs or personal info. */
export const dashlaneCsv: ImportFormat = {
  id: ID,
  name: NAME,
  detect: (sample) => FILES.some((file) => file.detect(sample)),
  parse(sample: FileSample, options) {
    const file = FILES.find((candidate) => candidate.detect(sample));
    if (!file) throw new ImportError('damaged', `This is not a ${NAME} export.`);
    return file.parse(sample, options);
  },
};
