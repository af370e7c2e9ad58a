import { ImportError } from '../import-error.js';
import { type CsvRow, hasColumns, readCsv } from '../read-csv.js';
import { emptySourceFile, type SourceFile, sourceItem } from '../source-item.js';
import { otherColumnFields } from './csv-fields.js';
import { blankRow, fallbackTitle } from './csv-format.js';
import type { FileSample, ImportFormat } from './import-format.js';

const IDENTIFYING = ['!type', '!group_id', '!group_name', '!group_parent'];
const MAPPED = [...IDENTIFYING, 'title', 'username', 'password', 'url', 'id', 'notes'];
// A group whose parent is "0" sits at the top; Buttercup's trash is the top-level group "Trash".
const ROOT = '0';
const TRASH = 'Trash';

interface Group {
  name: string;
  parent: string;
}

/** Each group's path by its id, walking up the parents (a loop in a damaged file stops the walk). */
function groupPath(groups: Map<string, Group>, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at = id; at !== ROOT && groups.has(at) && !seen.has(at); at = groups.get(at)?.parent ?? ROOT) {
    seen.add(at);
    path.unshift(groups.get(at)?.name ?? '');
  }
  return path.filter((name) => name.trim() !== '');
}

function groupsOf(rows: readonly CsvRow[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const row of rows)
    if (row.cell('!type') === 'group')
      groups.set(row.cell('!group_id'), {
        name: row.cell('!group_name'),
        parent: row.cell('!group_parent') || ROOT,
      });
  return groups;
}

/**
 * Buttercup's CSV export: group rows (id, name, parent) and entry rows naming their group; an entry's
 * custom properties are columns of their own. Groups may come in any order, so they are read first.
 */
export const buttercupCsv: ImportFormat = {
  id: 'buttercup-csv',
  name: 'Buttercup (csv)',
  detect: ({ csvHeader }) => csvHeader !== undefined && hasColumns(csvHeader, ...IDENTIFYING),
  parse(sample: FileSample): SourceFile {
    const table = readCsv(sample.text);
    if (!hasColumns(table.header, ...IDENTIFYING))
      throw new ImportError('damaged', 'This is not a Buttercup (csv) export.');
    const groups = groupsOf(table.rows);
    const file = emptySourceFile('buttercup-csv');
    for (const row of table.rows) {
      const ref = `row ${row.number}`;
      const type = row.cell('!type');
      if (type === 'group') {
        file.skipped.notASecret += 1;
        continue;
      }
      if (type !== 'entry') {
        file.problems.push({ ref, message: 'The row is neither a group nor an entry.' });
        continue;
      }
      const container = groupPath(groups, row.cell('!group_id'));
      const fields = otherColumnFields(row, table.columns, MAPPED);
      if (container[0] === TRASH && groups.get(row.cell('!group_id')) !== undefined)
        file.skipped.trashed += 1;
      else if (blankRow(row, ['title', 'username', 'password', 'url', 'notes']) && fields.length === 0)
        file.skipped.notASecret += 1;
      else {
        const url = row.cell('url').trim();
        const urls = url ? [url] : [];
        const id = row.cell('id');
        file.items.push(
          sourceItem(ref, {
            ...(id ? { sourceId: id } : {}),
            title: row.cell('title') || fallbackTitle(urls, row.cell('username')),
            username: row.cell('username'),
            password: row.cell('password'),
            urls,
            notes: row.cell('notes'),
            container,
            fields,
          }),
        );
      }
    }
    return file;
  },
};
