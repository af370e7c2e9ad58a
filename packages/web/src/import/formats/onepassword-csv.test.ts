import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.title}|${item.username}|${item.password}|${item.urls.join(' ')}`).sort();

describe('1Password CSV', () => {
  it('1Password 8: the test vault as the Bitwarden export has it', async () => {
    const file = await parseExport(sampleText('1password-csv', '1password8.csv'));
    expect(file.format).toBe('1password-csv');
    expect(file.problems).toEqual([]);
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(file.items.find((item) => item.title === 'note')?.notes).toMatch(
      /^This is a multiline note entry\./,
    );
    expect(file.items.find((item) => item.title === 'dpbx@fner.ws')?.notes).toBe(
      'For financial purpose only!',
    );
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('1Password 8: OTP, favourite, tags, and archived items kept and tagged', async () => {
    const file = await parseExport(
      [
        'Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes',
        'Mail,https://mail.example,ann,pw,otpauth://totp/x?secret=AAAA,true,false,"team,ops",hello',
        'Old,,bob,pw2,,false,true,,',
        ',,,,,false,false,,',
      ].join('\n'),
    );
    expect(file.skipped.notASecret).toBe(1);
    expect(file.items).toEqual([
      expect.objectContaining({
        title: 'Mail',
        urls: ['https://mail.example'],
        totp: 'otpauth://totp/x?secret=AAAA',
        favourite: true,
        tags: ['team', 'ops'],
        notes: 'hello',
      }),
      expect.objectContaining({ title: 'Old', username: 'bob', favourite: false, tags: ['Archived'] }),
    ]);
  });

  it('1Password 7 for Mac: typed items, labelled columns as fields (secrets hidden), tags and dates', async () => {
    const file = await parseExport(sampleText('1password-csv', 'bitwarden-multiple-items.mac.csv'));
    expect(file.format).toBe('1password-csv');
    expect(file.items.map((item) => [item.title, item.kind])).toEqual([
      ['🎉 Welcome to 1Password!', 'note'],
      ['Identity Item', 'identity'],
      ['test card', 'card'],
      ['1Password Account', 'login'],
    ]);
    const [, identity, card, account] = file.items;
    expect(card?.fields).toEqual([
      { name: 'cardholder name', value: 'test', hidden: false },
      { name: 'expiry date', value: '01/2030', hidden: false },
      { name: 'number', value: '4111111111111111', hidden: true },
      { name: 'type', value: 'laser', hidden: false },
      { name: 'verification number', value: '111', hidden: true },
    ]);
    expect(card?.createdAt).toBe('2020-12-02T15:44:29.000Z');
    // One birth date written under two labels is kept once.
    expect(identity?.fields.filter((field) => field.value === '12/2/20')).toHaveLength(1);
    expect(identity?.fields).toContainEqual({ name: 'first name', value: 'first name', hidden: false });
    expect(account).toMatchObject({
      username: 'email@bitwarden.com',
      password: "the account's password",
      urls: ['https://my.1password.com'],
      tags: ['Starter Kit'],
    });
  });

  it('1Password 7 for Windows: ids, sections named by their titles, secrets hidden', async () => {
    const file = await parseExport(sampleText('1password-csv', 'bitwarden-multiple-items.windows.csv'));
    expect(file.format).toBe('1password-csv');
    expect(file.items.map((item) => [item.title, item.kind])).toEqual([
      ['1Password Account', 'login'],
      ['Identity Item', 'identity'],
      ['test card', 'card'],
      ['🎉 Welcome to 1Password!', 'note'],
    ]);
    const [account, identity, card] = file.items;
    expect(account).toMatchObject({
      sourceId: 'xjq32axcswefpcxu2mtxxqnufa',
      username: 'email@bitwarden.com',
      password: "the account's password",
      urls: ['https://my.1password.com'],
      tags: ['Starter Kit'],
    });
    expect(account?.fields).toEqual([
      { name: 'EMAIL', value: 'email@bitwarden.com', hidden: false },
      { name: 'MASTER-PASSWORD', value: "the account's password", hidden: true },
      { name: 'ACCOUNT-KEY', value: 'A3-76TR2N-NJG3TZ-9NXFX-WT8GF-6YQC9-R2659', hidden: true },
      { name: '🔑 Secret Key: SECRET KEY', value: "the account's secret key", hidden: true },
    ]);
    expect(identity?.fields).toContainEqual({
      name: 'Address: DEFAULT PHONE',
      value: '8005555555',
      hidden: false,
    });
    expect(card?.fields).toContainEqual({ name: 'NUMBER', value: '4111111111111111', hidden: true });
    expect(card?.fields).toContainEqual({ name: 'section: LABEL', value: 'field (phone)', hidden: false });
  });
});
