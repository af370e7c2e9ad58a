import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('Enpass JSON', () => {
  it('reads the test vault into nested folders', async () => {
    const file = await parseExport(sampleText('enpass-json', 'enpass.json'));
    expect(file.format).toBe('enpass-json');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('dpbx@mnyfymt.ws')?.container).toEqual(['Emails', 'WS']);
    expect(byTitle.get('aib')?.container).toEqual(['Bank']);
    expect(file.items.filter((item) => item.title === 'ovh.com')).toHaveLength(2);
  });

  it('a login: e-mail kept, TOTP, hidden security answer, times', async () => {
    const [login] = (await parseExport(sampleText('enpass-json', 'bitwarden-login.json'))).items;
    expect(login).toMatchObject({
      kind: 'login',
      sourceId: 'f717cb7c-6cce-4b24-b023-ec8a429cc992',
      title: 'Amazon',
      username: 'emily@enpass.io',
      password: '$&W:v@}4\\iRpUXVbjPdPKDGbD<xK>',
      urls: ['https://www.amazon.com'],
      notes: 'some notes on the login item',
      totp: 'TOTP_SEED_VALUE',
      favourite: true,
      createdAt: '2022-10-22T14:39:21.000Z',
    });
    expect(login?.fields).toEqual([
      { name: 'Phone number', value: '12345678', hidden: false },
      { name: 'Security question', value: 'SECURITY_QUESTION', hidden: false },
      { name: 'Security answer', value: 'SECURITY_ANSWER', hidden: true },
    ]);
  });

  it('a card: its number, CVC and PIN hidden, its login and password history kept', async () => {
    const [card] = (await parseExport(sampleText('enpass-json', 'bitwarden-credit-card.json'))).items;
    expect(card).toMatchObject({
      kind: 'card',
      title: 'Emily Sample Credit Card',
      username: 'Emily_ENP',
      password: 'nnn tug shoot selfish bon liars convent dusty minnow uncheck',
      urls: ['http://global.americanexpress.com/'],
    });
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Cardholder', value: 'Emily Sample', hidden: false },
        { name: 'Number', value: '3782 822463 10005', hidden: true },
        { name: 'CVC', value: '1234', hidden: true },
        { name: 'PIN', value: '9874', hidden: true },
        { name: 'Expiry date', value: '03/23', hidden: false },
        { name: 'Credit limit', value: '100000', hidden: false },
      ]),
    );
    expect(card?.fields.some((field) => field.name === 'INTERNET BANKING')).toBe(false);
  });

  it('a note in a nested folder', async () => {
    const [note] = (await parseExport(sampleText('enpass-json', 'bitwarden-folders.json'))).items;
    expect(note).toMatchObject({
      kind: 'note',
      title: 'some secure note title',
      notes: 'some secure note content',
      container: ['Social', 'Twitter'],
    });
  });

  it('skips trashed items, tags archived ones, drops deleted fields, reads attachments and history', async () => {
    const item = (title: string, extra: object) => ({ uuid: title, title, category: 'login', ...extra });
    const file = await parseExport(
      JSON.stringify({
        folders: [],
        items: [
          item('gone', { trashed: 1 }),
          item('old', {
            archived: 1,
            fields: [
              {
                type: 'password',
                value: 'now',
                history: [{ value: 'first', updated_at: 1 }, { value: 'then' }],
              },
              { type: 'text', label: 'Removed', value: 'x', deleted: 1 },
            ],
            attachments: [{ name: 'a.txt', data: btoa('hi') }],
          }),
          'not an item',
        ],
      }),
    );
    expect(file.skipped.trashed).toBe(1);
    expect(file.problems).toEqual([{ ref: 'item 3', message: 'The item cannot be read.' }]);
    expect(file.items[0]).toMatchObject({ title: 'old', password: 'now', tags: ['Archived'], fields: [] });
    expect(file.items[0]?.passwordHistory).toEqual([
      { password: 'then' },
      { password: 'first', changedAt: '1970-01-01T00:00:01.000Z' },
    ]);
    expect(file.items[0]?.attachments).toEqual([{ name: 'a.txt', data: new TextEncoder().encode('hi') }]);
  });
});
