import type { CsvRow } from '../read-csv.js';
import type { SourceField } from '../source-item.js';

/** A column a format keeps as a field: its header (lower case), the field's name, whether it is concealed. */
export type FieldColumn = readonly [column: string, name: string, hidden?: boolean];

/** The row's non-empty cells of these columns as fields, in the columns' order. */
export function cellFields(row: CsvRow, columns: readonly FieldColumn[]): SourceField[] {
  return columns
    .map(([column, name, hidden]) => ({ name, value: row.cell(column), hidden: hidden ?? false }))
    .filter((field) => field.value.trim() !== '');
}
