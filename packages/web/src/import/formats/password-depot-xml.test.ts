import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import { ImportError } from '../import-error.js';

describe('Password Depot XML', () => {
  it('reads items with their custom fields, tags, times and favourite', async () => {
    const file = await parseExport(sampleText('password-depot-xml', 'bitwarden-password.xml'));
    expect(file.format).toBe('password-depot-xml');
    expect(file.items.map((item) => item.title)).toEqual(['password type', 'password type (2)']);
    const [first, second] = file.items;
    expect(first).toMatchObject({
      kind: 'login',
      sourceId: '27ACAC2D-8DDA-4088-8D3A-E6C5F40ED46E',
      username: 'someUser',
      password: 'p6J<]fmjv!:H&iJ7/Mwt@3i8',
      urls: ['example.com'],
      notes: 'someComment',
      tags: ['someTag'],
      container: [],
      favourite: false,
      createdAt: '2025-05-07T13:36:48.000Z',
      updatedAt: '2025-05-07T13:37:56.000Z',
    });
    expect(first?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Expires', value: '2025-05-07T00:00:00.000Z', hidden: false },
        { name: 'Category', value: 'Allgemein', hidden: false },
        { name: 'passwort', value: 'password', hidden: true },
        { name: 'email', value: 'who@cares.com', hidden: false },
        { name: 'decimal', value: '1,01', hidden: false },
      ]),
    );
    expect(first?.fields.some((field) => field.name === 'Auto-type')).toBe(false);
    expect(second?.favourite).toBe(true);
  });

  it('nested groups below the database are folders; the recycle bin is trash; encrypted is refused', async () => {
    const file = await parseExport(
      '<?xml version="1.0"?><passwordfile><header><encrypted>False</encrypted></header><passwords>' +
        '<group name="db"><group name="Work"><group name="Lab"><item><description>Box</description><type>0</type>' +
        '<password>0012</password></item></group></group></group></passwords>' +
        '<recyclebin><item><description>Old</description></item></recyclebin></passwordfile>',
    );
    expect(file.items).toEqual([
      expect.objectContaining({ title: 'Box', password: '0012', container: ['Work', 'Lab'] }),
    ]);
    expect(file.skipped.trashed).toBe(1);
    const error = await parseExport(
      '<passwordfile><header><encrypted>True</encrypted></header></passwordfile>',
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/without encryption/);
  });
});
