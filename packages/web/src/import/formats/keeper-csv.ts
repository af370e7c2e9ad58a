import Papa from 'papaparse';
import { ImportError } from '../import-error.js';
import { emptySourceFile, type SourceField, type SourceFile, sourceItem } from '../source-item.js';
import { fallbackTitle } from './csv-format.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { KEEPER_CONCEALED, keeperPath } from './keeper-values.js';

// Keeper's CSV has no header row: folder, title, login, password, URL, notes, shared folder, then
// custom fields as name, value pairs. Keeper nests folders with a backslash.
const FIXED = 7;
// Words a header row would have: a file starting with two of them is another manager's CSV, not Keeper's.
const HEADER_WORDS = new Set([
  'title',
  'name',
  'password',
  'username',
  'login',
  'url',
  'notes',
  'note',
  'folder',
  'group',
  'email',
  'type',
]);
const TOTP_FIELD = 'TFC:Keeper';

/** Whether a first row reads as a Keeper record: seven cells and name, value pairs, and not a header. */
function isKeeperRow(cells: readonly string[]): boolean {
  const headerWords = cells.filter((cell) => HEADER_WORDS.has(cell.trim().toLowerCase())).length;
  return cells.length >= FIXED && (cells.length - FIXED) % 2 === 0 && headerWords < 2;
}

/** Keeper's CSV export. */
export const keeperCsv: ImportFormat = {
  id: 'keeper-csv',
  name: 'Keeper (csv)',
  detect: ({ csvHeader }) => csvHeader !== undefined && isKeeperRow(csvHeader),
  parse(sample: FileSample): SourceFile {
    const rows = Papa.parse<string[]>(sample.text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
    if (!isKeeperRow(rows[0] ?? [])) throw new ImportError('damaged', 'This is not a Keeper (csv) export.');
    const file = emptySourceFile(keeperCsv.id);
    rows.forEach((cells, index) => {
      const ref = `row ${index + 1}`;
      const [folder = '', title = '', username = '', password = '', url = '', notes = '', shared = ''] =
        cells;
      const fields: SourceField[] = [];
      let totp = '';
      for (let at = FIXED; at + 1 < cells.length; at += 2) {
        const name = cells[at] ?? '';
        const value = cells[at + 1] ?? '';
        if (name === TOTP_FIELD && !totp) totp = value.trim();
        else if (name.trim() !== '' || value.trim() !== '')
          fields.push({ name, value, hidden: KEEPER_CONCEALED.test(name) });
      }
      if (
        [title, username, password, url, notes, totp].every((cell) => cell.trim() === '') &&
        fields.length === 0
      ) {
        file.skipped.notASecret += 1;
        return;
      }
      // A record in a shared folder and a folder of one's own goes into the latter; the former is kept.
      if (folder.trim() && shared.trim())
        fields.push({ name: 'Shared folder', value: shared, hidden: false });
      const urls = url.trim() ? [url.trim()] : [];
      file.items.push(
        sourceItem(ref, {
          title: title || fallbackTitle(urls, username),
          username,
          password,
          urls,
          notes,
          totp,
          fields,
          container: keeperPath(folder.trim() ? folder : shared),
        }),
      );
    });
    return file;
  },
};
