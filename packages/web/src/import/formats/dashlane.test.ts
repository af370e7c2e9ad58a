import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { detectFormat, parseExport, sampleOf } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items
    .map((item) => `${item.title}|${item.username}|${item.password}|${item.urls.join(' ')}|${item.notes}`)
    .sort();

describe('Dashlane CSV', () => {
  it('credentials: category as folder, OTP secret, further usernames as fields', async () => {
    const file = await parseExport(sampleText('dashlane-csv', 'bitwarden-credentials.csv'));
    expect(file.format).toBe('dashlane-csv');
    expect(file.items).toEqual([
      expect.objectContaining({
        kind: 'login',
        title: 'example.com',
        username: 'jdoe',
        password: 'somePassword',
        urls: ['https://www.example.com'],
        notes: 'some note for example.com',
        totp: 'someTOTPSeed',
        container: ['Entertainment'],
        fields: [],
      }),
    ]);
    const more = await parseExport(
      [
        'username,username2,username3,title,password,note,url,category,otpUrl,otpSecret',
        'ann,ann2,,Mail,pw,,https://mail.example,,otpauth://totp/x?secret=AAAA,AAAA',
        ',,,,,,,Work,,',
      ].join('\n'),
    );
    expect(more.skipped.notASecret).toBe(1);
    expect(more.items[0]).toMatchObject({
      totp: 'otpauth://totp/x?secret=AAAA',
      fields: [
        { name: 'username2', value: 'ann2', hidden: false },
        { name: 'otpSecret', value: 'AAAA', hidden: true },
      ],
    });
  });

  it('payments: bank accounts and cards with their numbers and codes hidden', async () => {
    const file = await parseExport(sampleText('dashlane-csv', 'bitwarden-payments.csv'));
    expect(file.items.map((item) => [item.title, item.kind])).toEqual([
      ["John's savings account", 'card'],
      ['John Doe', 'card'],
    ]);
    expect(file.items[1]?.fields).toEqual([
      { name: 'type', value: 'credit_card', hidden: false },
      { name: 'account_name', value: 'John Doe', hidden: false },
      { name: 'cc_number', value: '41111111111111111', hidden: true },
      { name: 'code', value: '123', hidden: true },
      { name: 'expiration_month', value: '01', hidden: false },
      { name: 'expiration_year', value: '2023', hidden: false },
      { name: 'country', value: 'US', hidden: false },
    ]);
    expect(file.items[0]?.fields).toContainEqual({
      name: 'account_number',
      value: 'accountNumber',
      hidden: true,
    });
  });

  it('secure notes, IDs and personal info', async () => {
    const notes = await parseExport('title,note\nWifi,"ssid: home\npass: x"\n');
    expect(notes.format).toBe('dashlane-csv');
    expect(notes.items[0]).toMatchObject({ kind: 'note', title: 'Wifi', notes: 'ssid: home\npass: x' });
    const ids = await parseExport(
      'type,number,name,issue_date,expiration_date,place_of_issue,state\npassport,X123,Ann Lee,2020-01-01,2030-01-01,Oslo,\n',
    );
    expect(ids.items[0]).toMatchObject({ kind: 'identity', title: 'Ann Lee' });
    expect(ids.items[0]?.fields).toContainEqual({ name: 'number', value: 'X123', hidden: true });
    const personal = await parseExport(
      'type,title,first_name,middle_name,last_name,login,date_of_birth,place_of_birth,email,email_type,item_name,phone_number,address,country\nemail,,,,,,,,ann@example.com,personal,Home mail,,,\n',
    );
    expect(personal.items[0]).toMatchObject({ kind: 'identity', title: 'Home mail' });
    expect(personal.items[0]?.fields).toContainEqual({
      name: 'email',
      value: 'ann@example.com',
      hidden: false,
    });
  });

  it('does not guess at the header-less CSV of older Dashlane versions', async () => {
    await expect(detectFormat(sampleOf(sampleText('dashlane-csv', 'dashlane.csv')))).rejects.toThrow(
      ImportError,
    );
  });
});

describe('Dashlane JSON', () => {
  it('reads the test vault as the Bitwarden export has it, and personal data as identities', async () => {
    const file = await parseExport(sampleText('dashlane-json', 'dashlane.json'));
    expect(file.format).toBe('dashlane-json');
    expect(file.problems).toEqual([]);
    const logins = file.items.filter((item) => item.kind === 'login');
    expect(logins).toHaveLength(14);
    expect(credentials(logins)).toEqual(credentials(reference));
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
    expect(file.items.find((item) => item.kind === 'identity')).toMatchObject({
      title: 'login@example.com',
      fields: [{ name: 'email', value: 'login@example.com', hidden: false }],
    });
  });

  it('keeps further login values as fields, cards with their secrets hidden, and names a broken entry', async () => {
    const file = await parseExport(
      JSON.stringify({
        AUTHENTIFIANT: [
          { title: 'Mail', login: 'ann', password: 'pw', email: 'ann@example.com', secondaryLogin: 'a2' },
          'x',
          {},
        ],
        PAYMENTMEANS_CREDITCARD: [{ name: 'Visa', cardNumber: '4111', securityCode: '123', owner: 'Ann' }],
      }),
    );
    expect(file.problems).toEqual([{ ref: 'AUTHENTIFIANT 2', message: 'This entry cannot be read.' }]);
    expect(file.skipped.notASecret).toBe(1);
    expect(file.items[0]?.fields).toEqual([
      { name: 'email', value: 'ann@example.com', hidden: false },
      { name: 'secondaryLogin', value: 'a2', hidden: false },
    ]);
    expect(file.items[1]).toMatchObject({
      kind: 'card',
      title: 'Visa',
      fields: [
        { name: 'name', value: 'Visa', hidden: false },
        { name: 'cardNumber', value: '4111', hidden: true },
        { name: 'securityCode', value: '123', hidden: true },
        { name: 'owner', value: 'Ann', hidden: false },
      ],
    });
  });
});
