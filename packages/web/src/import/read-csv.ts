import Papa from 'papaparse';
import { ImportError } from './import-error.js';

/** One data row of a CSV export: its cells by lower-cased header, and its number for problems. */
export interface CsvRow {
  /** 1 for the first row after the header. */
  number: number;
  cell(name: string): string;
  /** Every named cell in the header's order, by the header's own spelling (for formats whose columns vary). */
  entries(): [name: string, value: string][];
  /** Cells past the header's last column (RoboForm writes an entry's fields so). */
  extra: string[];
}

/** How a manager quotes: 1Password 7 for Mac escapes a quote inside a quoted cell with a backslash. */
export interface CsvOptions {
  escapeChar?: string;
}

/** A CSV export's header (lower-cased, trimmed) and data rows. */
export interface CsvTable {
  header: string[];
  /** The header as the file wrote it (trimmed, case kept), to name a column's values as fields. */
  columns: string[];
  rows: CsvRow[];
}

/**
 * Reads a CSV export with Papa Parse, which survives what managers really write (quoted newlines,
 * doubled quotes, a byte-order mark, ragged rows, a trailing comma). Lines with nothing in them are not
 * rows. A header with no column names is a damaged file, said as such.
 */
export function readCsv(text: string, options: CsvOptions = {}): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', ...options });
  const [first, ...data] = parsed.data;
  const columns = (first ?? []).map((name) => name.trim());
  const header = columns.map((name) => name.toLowerCase());
  if (header.every((name) => name === '')) throw new ImportError('damaged', 'The file has no column names.');
  const rows = data.map((cells, index): CsvRow => {
    const byName = new Map<string, string>();
    header.forEach((name, column) => {
      if (name !== '' && !byName.has(name)) byName.set(name, cells[column] ?? '');
    });
    return {
      number: index + 1,
      cell: (name) => byName.get(name) ?? '',
      entries: () => columns.flatMap((name, column) => (name === '' ? [] : [[name, cells[column] ?? '']])),
      extra: cells.slice(header.length),
    };
  });
  return { header, columns, rows };
}

/** Whether a header has every one of these columns (lower case). */
export function hasColumns(header: readonly string[], ...names: string[]): boolean {
  return names.every((name) => header.includes(name));
}
