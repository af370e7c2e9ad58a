import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zip } from './fflate-without-workers.js';
import { buildExportSheets, exportSheetName } from './secrets-workbook.js';

describe('sheet names', () => {
  it('cuts chest names to 31 characters and replaces what sheet names may not hold', () => {
    const taken = new Set<string>();
    expect(exportSheetName('Operations', taken)).toBe('Operations');
    expect(exportSheetName('A chest whose name is far too long for a sheet', taken)).toBe(
      'A chest whose name is far too l',
    );
    expect(exportSheetName('Finance [EU] / UK: *all*?', taken)).toBe('Finance _EU_ _ UK_ _all__');
    expect(exportSheetName("'quoted'", taken)).toBe('quoted');
    expect(exportSheetName('   ', taken)).toBe('Chest');
  });

  it('keeps names unique whatever their case, within the 31 characters', () => {
    const taken = new Set<string>();
    expect(exportSheetName('Operations', taken)).toBe('Operations');
    expect(exportSheetName('OPERATIONS', taken)).toBe('OPERATIONS (2)');
    expect(exportSheetName('operations', taken)).toBe('operations (3)');
    const long = 'Customer accounts for the whole of Europe';
    expect(exportSheetName(long, taken)).toBe('Customer accounts for the whole');
    const copy = exportSheetName(long, taken);
    expect(copy).toBe('Customer accounts for the w (2)');
    expect(copy).toHaveLength(31);
  });
});

describe('sheets', () => {
  it('gives every chest a sheet in order, its secrets by name, and a sheet for an unknown chest last', () => {
    const row = (id: string, name: string, vault_id: string) => ({
      id,
      name,
      category: 'note' as const,
      vault_id,
      vault: { id: vault_id, name: `Chest ${vault_id}`, manager: false, assignments: [] },
    });
    const sheets = buildExportSheets(
      [
        { id: 'c-1', name: 'First' },
        { id: 'c-2', name: 'Second' },
      ],
      [
        {
          row: row('s-1', 'Zebra', 'c-1'),
          payload: {
            note: 'z',
            attachments: [{ id: 'a-1', name: 'plan.pdf', size: 1, mediaType: '', key: 'k' }],
          },
        },
        { row: row('s-2', 'Apple', 'c-1'), payload: { note: 'a' } },
        { row: row('s-3', 'New', 'c-9'), payload: { note: 'n' } },
      ],
    );
    expect(sheets).toEqual([
      {
        name: 'First',
        rows: [
          ['Apple', 'note', '{"note":"a"}', ''],
          ['Zebra', 'note', '{"note":"z"}', 'plan.pdf'],
        ],
      },
      { name: 'Second', rows: [] },
      { name: 'Chest c-9', rows: [['New', 'note', '{"note":"n"}', '']] },
    ]);
  });
});

describe('zip without workers', () => {
  it('zips files over 160 kB through the callback, on a later task', async () => {
    const big = new TextEncoder().encode('x'.repeat(300_000));
    let answered = false;
    const archive = await new Promise<Uint8Array>((resolve, reject) => {
      zip({ 'big.txt': big }, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data)));
      expect(answered).toBe(false);
      answered = true;
    });
    expect(strFromU8(unzipSync(archive)['big.txt'] ?? new Uint8Array())).toHaveLength(300_000);
  });

  it('answers nothing once cancelled', async () => {
    let called = false;
    const cancel = zip({ 'a.txt': new Uint8Array([1]) }, () => {
      called = true;
    });
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(called).toBe(false);
  });
});
