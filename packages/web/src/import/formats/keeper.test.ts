import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { detectFormat, parseExport, sampleOf } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items
    .map(
      (item) =>
        `${item.title}|${item.username}|${item.password}|${item.urls.join(' ')}|${item.notes}|${item.container.join('/')}`,
    )
    .sort();

describe('Keeper CSV', () => {
  it('reads the header-less test vault as the Bitwarden export has it, folders nested', async () => {
    const file = await parseExport(sampleText('keeper-csv', 'keeper.csv'));
    expect(file.format).toBe('keeper-csv');
    expect(file.problems).toEqual([]);
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('keeps custom field pairs, the TFC:Keeper one-time code, and backslash-nested folders', async () => {
    const file = await parseExport(sampleText('keeper-csv', 'bitwarden-testdata.csv'));
    expect(file.items).toHaveLength(3);
    expect(file.items[0]).toMatchObject({
      title: 'Bar',
      username: 'john.doe@example.com',
      password: '1234567890abcdef',
      urls: ['https://example.com/'],
      notes: 'These are some notes.',
      container: ['Foo'],
      fields: [],
    });
    expect(file.items[1]?.fields).toEqual([
      { name: 'Account ID', value: '12345', hidden: false },
      { name: 'Org ID', value: '54321', hidden: false },
    ]);
    expect(file.items[2]).toMatchObject({
      container: ['Foo', 'Baz'],
      totp: 'otpauth://totp/Amazon:me@company.com?secret=JBSWY3DPEHPK3PXP&issuer=Amazon&algorithm=SHA1&digits=6&period=30',
      fields: [{ name: 'Account ID', value: '23456', hidden: false }],
    });
  });

  it('keeps a shared folder it does not file into, and skips an empty record', async () => {
    const file = await parseExport(
      ['"Mine","Router","admin","pw","","","Team\\Net","PIN","1234"', '"Mine","","","","","","",""'].join(
        '\n',
      ),
    );
    expect(file.skipped.notASecret).toBe(1);
    expect(file.items[0]).toMatchObject({
      container: ['Mine'],
      fields: [
        { name: 'PIN', value: '1234', hidden: true },
        { name: 'Shared folder', value: 'Team\\Net', hidden: false },
      ],
    });
  });

  it('is not taken for another manager’s CSV with a header of seven columns', async () => {
    const header = 'Group,Title,Username,Password,URL,Notes,TOTP\n"Root","a","b","c","","",""\n';
    expect((await detectFormat(sampleOf(header))).format.id).not.toBe('keeper-csv');
  });
});

describe('Keeper JSON', () => {
  it('reads records with custom fields, the one-time code and folders; shared folders are not secrets', async () => {
    const file = await parseExport(sampleText('keeper-json', 'bitwarden-testdata.json'));
    expect(file.format).toBe('keeper-json');
    expect(file.items.map((item) => item.title)).toEqual([
      'Bank Account 1',
      'Bank Account 2',
      'Some Account',
    ]);
    expect(file.items[0]).toMatchObject({
      username: 'customer1234',
      password: '4813fJDHF4239fdk',
      urls: ['https://chase.com'],
      notes: 'These are some notes.',
      container: ['Optional Private Folder 1'],
      fields: [{ name: 'Account Number', value: '123-456-789', hidden: true }],
    });
    expect(file.items[1]).toMatchObject({
      totp: 'otpauth://totp/Amazon:me@company.com?secret=JBSWY3DPEHPK3PXP&issuer=Amazon&algorithm=SHA1&digits=6&period=30',
      container: ['Optional Private Folder 1'],
      fields: [
        { name: 'Security Group', value: 'Public', hidden: false },
        { name: 'IP Address', value: '12.45.67.8', hidden: false },
        { name: 'Also in folders', value: 'My Customer 1', hidden: false },
      ],
    });
    expect(file.items[2]).toMatchObject({ username: 'someUserName', container: [] });
  });

  it('reads the newer export’s ids, types and one-time code, and names a broken record', async () => {
    const file = await parseExport(
      JSON.stringify({
        records: [
          {
            uid: 'u1',
            $type: 'bankCard',
            title: 'Visa',
            custom_fields: { '$paymentCard::1': 'x', '$oneTimeCode::1': 'otpauth://totp/a' },
          },
          7,
          { uid: 'u3', $type: 'login', custom_fields: {} },
        ],
      }),
    );
    expect(file.problems).toEqual([{ ref: 'record 2', message: 'This record cannot be read.' }]);
    expect(file.skipped.notASecret).toBe(1);
    expect(file.items).toEqual([
      expect.objectContaining({ sourceId: 'u1', kind: 'card', totp: 'otpauth://totp/a', ref: 'record u1' }),
    ]);
  });
});
