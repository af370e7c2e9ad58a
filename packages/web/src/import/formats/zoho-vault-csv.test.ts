import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('Zoho Vault CSV', () => {
  it('reads the test vault: login values from SecretData, custom ones from CustomData', async () => {
    const file = await parseExport(sampleText('zoho-vault-csv', 'zoho.vault.csv'));
    expect(file.format).toBe('zoho-vault-csv');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('aib')).toMatchObject({
      username: 'dpbx@fner.ws',
      urls: ['https://onlinebanking.aib.ie'],
      container: ['Bank'],
      fields: [{ name: 'pin', value: '462916', hidden: true }],
    });
    expect(byTitle.get('dpbx@mnyfymt.ws')?.container).toEqual(['Emails', 'WS']);
    expect(byTitle.get('dpbx@klivak.xb')?.notes).toBe('This is a garbage address');
  });

  it('the newer export: its TOTP and folder', async () => {
    const file = await parseExport(sampleText('zoho-vault-csv', 'bitwarden-sample-zohovault-data.csv'));
    expect(file.items).toEqual([
      expect.objectContaining({
        title: 'XYZ Test',
        username: 'email@domain.de',
        password: 'PcY_IQEXIjKGj8YW',
        urls: ['https://abc.xyz.de:5001/#/login'],
        totp: 'otpauth://totp?secret=PI2XO5TW0DF0SHTYOVZXOOBVHFEWM6JU&algorithm=SHA1&period=30&digits=6',
        container: ['folderName'],
        favourite: false,
        fields: [],
      }),
    ]);
  });

  it('another secret type, a description, tags and a favourite are kept', async () => {
    const file = await parseExport(
      '"Secret Name","Description","Secret URL","SecretData","Notes","CustomData","Tags","Classification","Favorite","ChamberName"\n' +
        'Box,Rack 4,,"SecretType:Unix\nUser Name:root\nPassword:a:b\nHost:10.0.0.1",,,"ops, unix",P,1,\n',
    );
    expect(file.items[0]).toMatchObject({
      username: 'root',
      password: 'a:b',
      favourite: true,
      tags: ['ops', 'unix'],
    });
    expect(file.items[0]?.fields).toEqual([
      { name: 'Description', value: 'Rack 4', hidden: false },
      { name: 'Secret type', value: 'Unix', hidden: false },
      { name: 'Host', value: '10.0.0.1', hidden: false },
    ]);
  });
});
