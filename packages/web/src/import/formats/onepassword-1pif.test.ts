import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { detectFormat, parseExport, sampleOf } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const SEPARATOR = '***5642bee8-a5ff-11dc-8314-0800200c9a66***';
const pif = (...records: unknown[]) =>
  records
    .map((entry) => `${typeof entry === 'string' ? entry : JSON.stringify(entry)}\n${SEPARATOR}\n`)
    .join('');

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.title}|${item.username}|${item.password}|${item.container.join('/')}`).sort();

describe('1Password 1PIF', () => {
  it('reads the test vault as the Bitwarden export has it: credentials, nested folders, notes', async () => {
    const file = await parseExport(sampleText('1password-1pif', '1password.1pif'));
    expect(file.format).toBe('1password-1pif');
    expect(file.problems).toEqual([]);
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const aib = file.items.find((item) => item.title === 'aib');
    expect(aib).toMatchObject({
      urls: ['https://onlinebanking.aib.ie'],
      container: ['Bank'],
      fields: [
        { name: 'pin', value: '462916', hidden: false },
        { name: 'oldpin', value: '489019', hidden: false },
      ],
      createdAt: '2017-01-01T00:00:00.000Z',
    });
    expect(file.items.find((item) => item.title === 'dpbx@fner.ws')).toMatchObject({
      container: ['Emails', 'WS'],
      notes: 'For financial purpose only!',
    });
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('keeps a card’s section values as fields, the number and code hidden, without the loose copies', async () => {
    const file = await parseExport(sampleText('1password-1pif', 'buttercup-data.1pif'));
    expect(file.items.map((item) => item.title)).toEqual([
      'Test',
      'Custom',
      'Custom card',
      'OnlyAttachments',
    ]);
    const card = file.items.find((item) => item.title === 'Custom card');
    expect(card?.kind).toBe('card');
    expect(card?.container).toEqual(['General', 'Sub']);
    expect(card?.fields).toEqual([
      { name: 'cardholder name', value: 'Bob User', hidden: false },
      { name: 'type', value: 'visa', hidden: false },
      { name: 'number', value: '4532-3453-2356-1234', hidden: true },
      { name: 'verification number', value: '032', hidden: true },
      { name: 'expiry date', value: '11/2019', hidden: false },
      { name: 'valid from', value: '06/2015', hidden: false },
    ]);
    expect(file.items.find((item) => item.title === 'Custom')).toMatchObject({
      username: 'user',
      password: 'password012',
    });
  });

  it('reads TOTP, history, tags, favourites and typed records; skips the trash; names a broken record', async () => {
    const file = await parseExport(
      pif(
        { uuid: 'F1', typeName: 'system.folder.Regular', title: 'Work' },
        {
          uuid: 'A1',
          typeName: 'webforms.WebForm',
          title: 'Mail',
          folderUuid: 'F1',
          location: 'https://mail.example',
          openContents: { tags: ['team'], faveIndex: 3 },
          secureContents: {
            URLs: [{ url: 'https://mail.example' }, { url: 'https://webmail.example' }],
            fields: [
              { designation: 'username', value: 'ann', type: 'T' },
              { designation: 'password', value: 'now', type: 'P' },
              { name: 'memorable', value: 'word', type: 'P' },
            ],
            sections: [
              {
                title: 'Security',
                fields: [
                  { k: 'concealed', n: 'TOTP_1', t: 'one-time password', v: 'otpauth://totp/a?secret=AAAA' },
                  { k: 'concealed', n: 'TOTP_2', t: 'backup code', v: 'otpauth://totp/b?secret=BBBB' },
                  { k: 'address', n: 'address', t: 'office', v: { city: 'Oslo', zip: '0150' } },
                ],
              },
            ],
            passwordHistory: [{ value: 'before', time: 1600000000 }],
          },
        },
        {
          uuid: 'P1',
          typeName: 'passwords.Password',
          title: 'Router',
          secureContents: { password: 'r0uter' },
        },
        {
          uuid: 'N1',
          typeName: 'securenotes.SecureNote',
          title: 'Wifi',
          secureContents: { notesPlain: 'ssid' },
        },
        { uuid: 'T1', typeName: 'webforms.WebForm', title: 'Old', trashed: true, secureContents: {} },
        { uuid: 'D1', typeName: 'system.Tombstone', title: 'Gone' },
        '{"uuid": "X1", "title": "never echoed", ',
      ),
    );
    expect(file.items.map((item) => item.title)).toEqual(['Mail', 'Router', 'Wifi']);
    expect(file.skipped.trashed).toBe(2);
    expect(file.problems).toEqual([{ ref: 'record 7', message: 'This record cannot be read.' }]);
    const [mail, router, wifi] = file.items;
    expect(mail).toMatchObject({
      sourceId: 'A1',
      container: ['Work'],
      username: 'ann',
      password: 'now',
      urls: ['https://mail.example', 'https://webmail.example'],
      totp: 'otpauth://totp/a?secret=AAAA',
      favourite: true,
      tags: ['team'],
      passwordHistory: [{ password: 'before', changedAt: '2020-09-13T12:26:40.000Z' }],
      fields: [
        { name: 'memorable', value: 'word', hidden: true },
        { name: 'Security: backup code', value: 'otpauth://totp/b?secret=BBBB', hidden: true },
        { name: 'Security: office', value: 'city: Oslo\nzip: 0150', hidden: false },
      ],
    });
    expect(router).toMatchObject({ kind: 'login', password: 'r0uter' });
    expect(wifi).toMatchObject({ kind: 'note', notes: 'ssid' });
  });

  it('is not taken for a JSON export whose note quotes the separator', async () => {
    const bitwarden = JSON.stringify({
      encrypted: false,
      folders: [],
      items: [{ type: 2, notes: `a\n${SEPARATOR}\n` }],
    });
    expect((await detectFormat(sampleOf(bitwarden))).format.id).toBe('bitwarden-json');
  });
});
