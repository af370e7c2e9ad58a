import { EXPORT_HEADER, EXPORT_WIDTHS, type ExportSheet } from './secrets-workbook.js';

/** The spreadsheet's MIME type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes the sheets as an .xlsx file in memory with write-excel-file (loaded on first use, so the
 * library never weighs on a screen that does not export): a bold header row of Name, Category, JSON,
 * Attachments on every sheet, the columns 30, 15, 90 and 40 characters wide. Nothing leaves the browser.
 */
export async function writeWorkbook(sheets: readonly ExportSheet[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const header = EXPORT_HEADER.map((value) => ({ value, fontWeight: 'bold' as const }));
  const columns = EXPORT_WIDTHS.map((width) => ({ width }));
  return writeXlsxFile(
    sheets.map((sheet) => ({
      sheet: sheet.name,
      columns,
      data: [header, ...sheet.rows],
    })),
  ).toBlob();
}
