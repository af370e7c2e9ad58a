import { ImportError } from '../import-error.js';
import { type CsvOptions, type CsvRow, hasColumns, readCsv } from '../read-csv.js';
import { emptySourceFile, type SourceFile, type SourceItem } from '../source-item.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Re-exported for the CSV formats; the JSON ones import it from its own file (no CSV reader with it).
export { fallbackTitle } from './fallback-title.js';

/** What a CSV format writes of its own: the columns that identify it, and a row's mapping. */
export interface CsvMapping {
  id: string;
  name: string;
  /** Columns (lower case) every file of this format has. */
  columns: string[];
  /** Further check on the header, where two formats share columns. */
  also?: (header: readonly string[]) => boolean;
  /** How the manager quotes, where it differs from RFC 4180. */
  csv?: CsvOptions;
  /**
   * The row as a source item; 'trashed' or 'not a secret' to count it as skipped. `columns` is the
   * header as written, for formats whose extra columns are the item's own fields.
   */
  row(row: CsvRow, ref: string, columns: readonly string[]): SourceItem | 'trashed' | 'not a secret';
}

/** A CSV format from its mapping: the reading, the row numbers and the skipped counts are shared. */
export function csvFormat(mapping: CsvMapping): ImportFormat {
  const matches = (header: readonly string[]) =>
    hasColumns(header, ...mapping.columns) && (mapping.also?.(header) ?? true);
  return {
    id: mapping.id,
    name: mapping.name,
    detect: ({ csvHeader }) => csvHeader !== undefined && matches(csvHeader),
    parse(sample: FileSample): SourceFile {
      const table = readCsv(sample.text, mapping.csv);
      if (!matches(table.header)) throw new ImportError('damaged', `This is not a ${mapping.name} export.`);
      const file = emptySourceFile(mapping.id);
      for (const row of table.rows) {
        const item = mapping.row(row, `row ${row.number}`, table.columns);
        if (item === 'trashed') file.skipped.trashed += 1;
        else if (item === 'not a secret') file.skipped.notASecret += 1;
        else file.items.push(item);
      }
      return file;
    },
  };
}

/** Whether every named cell of a row is empty (a row a manager wrote with nothing in it). */
export function blankRow(row: CsvRow, columns: readonly string[]): boolean {
  return columns.every((column) => row.cell(column).trim() === '');
}
