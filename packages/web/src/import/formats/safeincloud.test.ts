import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('SafeInCloud XML', async () => {
  const file = await parseExport(sampleText('safeincloud-xml', 'bitwarden-test-data.xml'));
  const byTitle = new Map(file.items.map((item) => [item.title, item]));

  it('reads cards under their first label; the template is no secret, the deleted card trash', () => {
    expect(file.format).toBe('safeincloud-xml');
    expect(file.items.map((item) => item.title)).toEqual([
      'Note (Sample)',
      'Visa Card (Sample)',
      'Google (Sample)',
      'Passport (Sample)',
      'Twitter (Sample)',
      'Laptop (Sample)',
    ]);
    expect(file.skipped).toEqual({ trashed: 1, notASecret: 1 });
    expect(byTitle.get('Note (Sample)')).toMatchObject({
      kind: 'note',
      notes: 'This is a sample note.',
      container: ['Samples'],
    });
  });

  it('a login: its OTP, a secret field hidden, its time', () => {
    expect(byTitle.get('Google (Sample)')).toMatchObject({
      kind: 'login',
      sourceId: '300',
      username: 'john555@gmail.com',
      password: 'plain79{Area{',
      urls: ['https://www.google.com'],
      totp: 'thisisanotp',
      fields: [{ name: '2FA-Reset', value: 'thisshouldbehidden', hidden: true }],
      updatedAt: '2021-03-16T15:59:46.722Z',
    });
    expect(byTitle.get('Twitter (Sample)')).toMatchObject({ password: 'shouldbepassword' });
  });

  it('a card: number, CVV and PIN hidden', () => {
    expect(byTitle.get('Visa Card (Sample)')).toMatchObject({ kind: 'card', container: ['Business'] });
    expect(byTitle.get('Visa Card (Sample)')?.fields).toEqual([
      { name: 'Number', value: '5555123456789000', hidden: true },
      { name: 'Owner', value: 'John Smith', hidden: false },
      { name: 'Expires', value: '01/23', hidden: false },
      { name: 'CVV', value: '555', hidden: true },
      { name: 'PIN', value: '1111', hidden: true },
      { name: 'Blocking', value: '555-0153', hidden: false },
    ]);
    expect(byTitle.get('Passport (Sample)')).toMatchObject({
      kind: 'other',
      notes: 'This is a note attached to a card',
    });
  });

  it('further labels as tags, a star as favourite, password history and files', async () => {
    const own = await parseExport(
      '<?xml version="1.0"?><database><label name="Work" id="1"/><label name="Ops" id="2"/>' +
        '<card title="Box" id="9" star="true"><field name="Password" type="password" history="{&quot;1000&quot;:&quot;old&quot;,&quot;2000&quot;:&quot;older?&quot;}">now</field>' +
        '<label_id>1</label_id><label_id>2</label_id><file name="a.txt">aGk=</file></card></database>',
    );
    expect(own.items[0]).toMatchObject({
      container: ['Work'],
      tags: ['Ops'],
      favourite: true,
      password: 'now',
    });
    expect(own.items[0]?.passwordHistory).toEqual([
      { password: 'older?', changedAt: '1970-01-01T00:00:02.000Z' },
      { password: 'old', changedAt: '1970-01-01T00:00:01.000Z' },
    ]);
    expect(own.items[0]?.attachments).toEqual([{ name: 'a.txt', data: new TextEncoder().encode('hi') }]);
  });
});

describe('SafeInCloud CSV', () => {
  it('reads the test vault; further columns are fields', async () => {
    const file = await parseExport(sampleText('safeincloud-csv', 'safeincloud.csv'));
    expect(file.format).toBe('safeincloud-csv');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.find((item) => item.title === 'note')?.kind).toBe('note');
    const own = await parseExport(
      '"Title","Login","Password","URL","Notes","OTP","PIN"\n"Bank","ann","pw","","","JBSW","1234"\n',
    );
    expect(own.items[0]).toMatchObject({
      totp: 'JBSW',
      fields: [{ name: 'PIN', value: '1234', hidden: true }],
    });
  });
});
