import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('NordPass CSV', () => {
  it('reads the test vault into its folders; folder rows are no secrets', async () => {
    const file = await parseExport(sampleText('nordpass-csv', 'nordpass.csv'));
    expect(file.format).toBe('nordpass-csv');
    expect(file.items).toHaveLength(14);
    expect(file.skipped.notASecret).toBe(6);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('dpbx@mnyfymt.ws')).toMatchObject({
      kind: 'login',
      container: ['Emails', 'WS'],
      urls: ['https://mail.mnyfymt.ws'],
    });
    expect(byTitle.get('note')).toMatchObject({ kind: 'note', container: ['CornerCases'] });
    expect(byTitle.get('note')?.notes).toMatch(/^This is a multiline note entry\..*sift\.$/s);
    expect(byTitle.get('empty entry')).toMatchObject({ kind: 'note', container: ['CornerCases'] });
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('a login with its folder and note', async () => {
    const file = await parseExport(sampleText('nordpass-csv', 'bitwarden-nordpass.login.csv'));
    expect(file.items).toEqual([
      expect.objectContaining({
        kind: 'login',
        title: 'SomeVaultItemName',
        username: 'hello@bitwarden.com',
        password: 'someStrongPassword',
        urls: ['https://example.com'],
        notes: 'Some note for the VaultItem',
        container: ['SomeFolderForVaultItem'],
        fields: [],
      }),
    ]);
  });

  it('an identity becomes fields; a secure note sits in its folder', async () => {
    const identity = await parseExport(sampleText('nordpass-csv', 'bitwarden-nordpass.identity.csv'));
    expect(identity.items[0]).toMatchObject({
      kind: 'identity',
      title: 'SomeTitle',
      notes: 'SomeNoteToMyIdentity',
    });
    expect(identity.items[0]?.fields).toEqual([
      { name: 'Full name', value: '#fullName', hidden: false },
      { name: 'Email', value: 'hello@bitwarden.com', hidden: false },
      { name: 'Phone number', value: '123456789', hidden: false },
      { name: 'Address line 1', value: 'Test street 123', hidden: false },
      { name: 'Address line 2', value: 'additional addressinfo', hidden: false },
      { name: 'City', value: 'Cologne', hidden: false },
      { name: 'State', value: 'North-Rhine-Westphalia', hidden: false },
      { name: 'ZIP code', value: '123456', hidden: false },
      { name: 'Country', value: 'Germany', hidden: false },
    ]);
    const note = await parseExport(sampleText('nordpass-csv', 'bitwarden-nordpass.secure-note.csv'));
    expect(note.items).toEqual([
      expect.objectContaining({ kind: 'note', title: 'MySuperSecureNoteTitle', container: ['notesFolder'] }),
    ]);
    expect(note.skipped.notASecret).toBe(1);
  });

  it('a card hides its number and code; a typed export names its rows, extra URLs kept', async () => {
    const header =
      'name,url,additional_urls,username,password,note,cardholdername,cardnumber,cvc,pin,expirydate,zipcode,folder,full_name,phone_number,email,address1,address2,city,country,state,type\n';
    const file = await parseExport(
      `${header}Visa,,,,,,Ann Lee,4111111111111111,123,9999,12/30,,Cards,,,,,,,,,credit_card\n` +
        `Shop,https://a.example,"[""https://b.example""]",ann,pw,,,,,,,,,,,,,,,,,password\n` +
        'Work,,,,,,,,,,,,,,,,,,,,,folder\n',
    );
    expect(file.items[0]).toMatchObject({ kind: 'card', title: 'Visa', container: ['Cards'] });
    expect(file.items[0]?.fields).toEqual([
      { name: 'Cardholder name', value: 'Ann Lee', hidden: false },
      { name: 'Card number', value: '4111111111111111', hidden: true },
      { name: 'CVC', value: '123', hidden: true },
      { name: 'PIN', value: '9999', hidden: true },
      { name: 'Expiry date', value: '12/30', hidden: false },
    ]);
    expect(file.items[1]?.urls).toEqual(['https://a.example', 'https://b.example']);
    expect(file.items).toHaveLength(2);
    expect(file.skipped.notASecret).toBe(1);
  });
});
