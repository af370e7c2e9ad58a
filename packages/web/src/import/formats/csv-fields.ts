import type { CsvRow } from '../read-csv.js';
import type { SourceField } from '../source-item.js';
import { looksConcealed } from './concealed-names.js';

/** A column a format keeps as a field: its header (lower case), the field's name, whether it is concealed. */
export type FieldColumn = readonly [column: string, name: string, hidden?: boolean];

/** The row's non-empty cells of these columns as fields, in the columns' order. */
export function cellFields(row: CsvRow, columns: readonly FieldColumn[]): SourceField[] {
  return columns
    .map(([column, name, hidden]) => ({ name, value: row.cell(column), hidden: hidden ?? false }))
    .filter((field) => field.value.trim() !== '');
}

/**
 * The row's cells of every column the format does not map itself (custom fields a manager writes as
 * columns of their own), named as the header writes them, the concealed-looking ones hidden.
 */
export function otherColumnFields(
  row: CsvRow,
  columns: readonly string[],
  mapped: readonly string[],
): SourceField[] {
  return columns
    .filter(
      (column, index) =>
        column !== '' &&
        !mapped.includes(column.toLowerCase()) &&
        columns.findIndex((other) => other.toLowerCase() === column.toLowerCase()) === index,
    )
    .map((column) => ({
      name: column,
      value: row.cell(column.toLowerCase()),
      hidden: looksConcealed(column),
    }))
    .filter((field) => field.value.trim() !== '');
}

/** A cell listing values with commas (tags), as the values. */
export function commaList(cell: string): string[] {
  return cell
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}
