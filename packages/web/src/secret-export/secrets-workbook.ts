import type { SecretPayload } from '@coffer/core';
import { EXPORT_COLUMN_WIDTHS, EXPORT_COLUMNS, EXPORT_SHEET_NAME_MAX } from '@coffer/core';
import type { ExportChest, ExportSecretRow } from './list-export-rows.js';

/** One sheet of the export: a chest's secrets as rows of Name, Category, JSON, Attachments. */
export interface ExportSheet {
  name: string;
  /** Data rows (the header row and widths are added when the file is written). */
  rows: [name: string, category: string, json: string, attachments: string][];
}

/** A secret opened for the export: its list row and its decrypted payload. */
export interface ExportedSecret {
  row: ExportSecretRow;
  payload: SecretPayload;
}

/** The column after the spec's three that lists a secret's files by name (issue 27). */
export const EXPORT_ATTACHMENTS_COLUMN = 'Attachments';
/** The header row of every sheet: the spec's (section 9), then the files. */
export const EXPORT_HEADER: readonly string[] = [...EXPORT_COLUMNS, EXPORT_ATTACHMENTS_COLUMN];
/** The column widths of every sheet, in characters: the spec's 30/15/90, then 40 for the files. */
export const EXPORT_WIDTHS: readonly number[] = [...EXPORT_COLUMN_WIDTHS, 40];

/**
 * A row's JSON and Attachments cells. The files are listed by name; their refs stay out of the JSON,
 * since a file key opens nothing without the server's ciphertext and a spreadsheet is no place for
 * key material. Every other field is the payload as the spec exports it.
 */
export function exportCells(payload: SecretPayload): [json: string, attachments: string] {
  const { attachments, ...rest } = payload as SecretPayload & { attachments?: { name: string }[] };
  const names = Array.isArray(attachments) ? attachments.map((file) => file.name).join(', ') : '';
  return [JSON.stringify(rest), names];
}

// Characters a sheet name may not hold (the format refuses them), and quotes it may not start or end with.
const ILLEGAL_IN_SHEET_NAME = /[[\]/\\:*?]/g;
const EDGE_QUOTES = /^'+|'+$/g;
const FALLBACK_SHEET_NAME = 'Chest';

/**
 * A chest's sheet name: its name cut to 31 characters (spec section 9), with the characters sheet
 * names may not hold replaced, and made unique (sheet names compare without case) with ' (2)', ' (3)'…
 * within the 31. `taken` holds the lower-cased names used so far and gains this one.
 */
export function exportSheetName(chestName: string, taken: Set<string>): string {
  const cleaned = chestName.replace(ILLEGAL_IN_SHEET_NAME, '_').trim();
  const base = cleaned.slice(0, EXPORT_SHEET_NAME_MAX).replace(EDGE_QUOTES, '').trim() || FALLBACK_SHEET_NAME;
  let name = base;
  for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) {
    const suffix = ` (${copy})`;
    name = `${base.slice(0, EXPORT_SHEET_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The export's sheets (spec section 9): one per chest, in the chests' order, each listing its
 * secrets by name with their category, their decrypted payload as JSON and their files' names. A chest without a
 * secret this browser could open still gets its sheet (the header only); a secret of a chest missing
 * from `chests` (created meanwhile) gets its chest's sheet after the others.
 */
export function buildExportSheets(
  chests: readonly ExportChest[],
  secrets: readonly ExportedSecret[],
): ExportSheet[] {
  const byChest = new Map<string, { name: string; secrets: ExportedSecret[] }>();
  for (const chest of chests) byChest.set(chest.id, { name: chest.name, secrets: [] });
  for (const secret of secrets) {
    const chestId = secret.row.vault_id;
    let entry = byChest.get(chestId);
    if (!entry) {
      entry = { name: secret.row.vault?.name ?? chestId, secrets: [] };
      byChest.set(chestId, entry);
    }
    entry.secrets.push(secret);
  }
  const taken = new Set<string>();
  return [...byChest.values()].map((chest) => ({
    name: exportSheetName(chest.name, taken),
    rows: [...chest.secrets]
      .sort((a, b) => a.row.name.localeCompare(b.row.name))
      .map(({ row, payload }) => [row.name, row.category, ...exportCells(payload)]),
  }));
}
