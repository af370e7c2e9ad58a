import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

// Several samples hold the same 14 entries (pass-import's test vault), written by each manager: read
// from any of them, the entries agree with the Bitwarden JSON export field by field.
const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('browser exports', () => {
  it('Chrome: every row, the note, and two entries with one title', async () => {
    const file = await parseExport(sampleText('chrome-csv', 'chrome.csv'));
    expect(file.format).toBe('chrome-csv');
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.find((item) => item.title === 'note')?.notes).toMatch(
      /^This is a multiline note entry\./,
    );
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
    expect(file.items.find((item) => item.title === 'twitter.com')?.urls).toEqual(['https://twitter.com/']);
  });

  it("Chrome: an untitled app login is named by its app's id", async () => {
    const android = await parseExport(sampleText('chrome-csv', 'bitwarden-android-data.csv'));
    expect(android.items).toHaveLength(1);
    expect(android.items[0]).toMatchObject({
      title: 'com.xyz.example.app.android',
      username: 'username@example.com',
      password: 'Qh6W4Wz55YGFNU',
    });
    expect(android.items[0]?.urls[0]).toMatch(/^android:\/\//);
    const buttercup = await parseExport(sampleText('chrome-csv', 'buttercup-chrome_pass.csv'));
    expect(buttercup.items.find((item) => item.title === 'test name')).toMatchObject({
      username: 'example@ex.net',
      password: 'qwerty123',
    });
  });

  it("Firefox: logins with their times; the browser's own sync account is not a secret", async () => {
    const file = await parseExport(sampleText('firefox-csv', 'firefox.csv'));
    expect(file.format).toBe('firefox-csv');
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items[0]?.createdAt).toBe('2020-09-13T12:26:40.000Z');
    const accounts = await parseExport(sampleText('firefox-csv', 'bitwarden-firefox-accounts-data.csv'));
    expect(accounts.items.map((item) => item.title)).toEqual(['example.com']);
    expect(accounts.skipped.notASecret).toBe(1);
    expect(accounts.items[0]).toMatchObject({ username: 'foo', password: 'bar' });
  });

  it('Safari: with notes and the OTP URI, and the older four-column export', async () => {
    const file = await parseExport(sampleText('safari-csv', 'bitwarden-simple-password-data.csv'));
    expect(file.format).toBe('safari-csv');
    expect(file.items[0]).toMatchObject({
      title: 'example.com (example_user)',
      username: 'example_user',
      password: 'example_p@ssword',
      urls: ['https://example.com'],
      notes: 'Example note\nMore notes on new line',
      totp: 'otpauth://totp/test?secret=examplesecret',
    });
    const older = await parseExport(sampleText('safari-csv', 'bitwarden-old-simple-password-data.csv'));
    expect(older.items).toHaveLength(1);
  });
});

describe('LastPass', () => {
  it('reads logins and notes into their groups, nested with backslashes', async () => {
    const file = await parseExport(sampleText('lastpass-csv', 'lastpass.csv'));
    expect(file.format).toBe('lastpass-csv');
    expect(credentials(file.items)).toEqual(credentials(reference));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('dpbx@mnyfymt.ws')?.container).toEqual(['Emails', 'WS']);
    expect(byTitle.get('dpbx@fner.ws')?.notes).toBe('For financial purpose only!');
  });

  it('turns a typed secure note into fields, the card number and code hidden, its notes kept', async () => {
    const file = await parseExport(sampleText('lastpass-csv', 'bitwarden-spec-credit-card-note.csv'));
    const [card] = file.items;
    expect(card).toMatchObject({ kind: 'card', title: 'Credit-card', notes: 'some text' });
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Note type', value: 'Credit Card', hidden: false },
        { name: 'Name on Card', value: 'John Doe', hidden: false },
        { name: 'Number', value: '1234567812345678', hidden: true },
        { name: 'Security Code', value: '123', hidden: true },
        { name: 'Expiration Date', value: 'June,2020', hidden: false },
      ]),
    );
  });

  it('keeps the TOTP column and reads HTML entities back', async () => {
    const totp = await parseExport(sampleText('lastpass-csv', 'bitwarden-spec-login-totp.csv'));
    expect(totp.items[0]).toMatchObject({
      totp: 'Y64VEVMBTSXCYIWRSHRNDZW62MPGVU2G',
      notes: 'super secure notes',
    });
    const escaped = await parseExport(
      'url,username,password,extra,name,grouping,fav\nhttps://a.example,ann,p&amp;ss&lt;1&gt;,,R&amp;D,Ops &amp; Infra,1\n',
    );
    expect(escaped.items[0]).toMatchObject({
      password: 'p&ss<1>',
      title: 'R&D',
      container: ['Ops & Infra'],
      favourite: true,
    });
  });
});

describe('KeePassXC CSV', () => {
  it('reads groups below the root group', async () => {
    const file = await parseExport(sampleText('keepassxc-csv', 'keepassx2.csv'));
    expect(file.format).toBe('keepassxc-csv');
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.find((item) => item.title === 'dpbx@klivak.xb')).toMatchObject({
      container: ['Emails'],
      notes: 'This is a garbage address',
    });
  });
});
