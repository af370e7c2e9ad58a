// The spreadsheet export of all secrets (spec section 9).

/** File name of the export. */
export const EXPORT_FILE_NAME = 'secrets.xlsx';
/** Sheet names (one per chest) are cut to this many characters, the format's limit. */
export const EXPORT_SHEET_NAME_MAX = 31;
/** Columns of every sheet. */
export const EXPORT_COLUMNS: readonly string[] = ['Name', 'Category', 'JSON'];
/** Widths of those columns, in characters. */
export const EXPORT_COLUMN_WIDTHS: readonly number[] = [30, 15, 90];
