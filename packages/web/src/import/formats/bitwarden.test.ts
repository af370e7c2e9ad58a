import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';

describe('Bitwarden JSON', () => {
  it('reads every item with its folder, fields and URLs; two entries with one title both survive', async () => {
    const file = await parseExport(sampleText('bitwarden-json', 'bitwarden.json'));
    expect(file.format).toBe('bitwarden-json');
    expect(file.items).toHaveLength(14);
    expect(file.problems).toEqual([]);
    const aib = file.items.find((item) => item.title === 'aib');
    expect(aib).toMatchObject({
      kind: 'login',
      username: 'dpbx@fner.ws',
      password: "ws5T@;_UB[Q|P!8'`~z%XC'JHFUbf#IX _E0}:HF,[{ei0hBg14",
      urls: ['https://onlinebanking.aib.ie'],
      container: ['Bank'],
      fields: [
        { name: 'pin', value: '462916', hidden: false },
        { name: 'oldpin', value: '489019', hidden: false },
      ],
      sourceId: 'b524d15d-6446-4a70-9c36-ad290128686f',
    });
    expect(file.items.find((item) => item.title === 'dpbx@fner.ws')?.container).toEqual(['Emails', 'WS']);
    expect(
      file.items
        .filter((item) => item.title === 'ovh.com')
        .map((item) => item.username)
        .sort(),
    ).toEqual(['bynbyjhqjz', 'jsdkyvbwjn']);
    expect(file.items.filter((item) => item.kind === 'note').map((item) => item.title)).toEqual([
      'empty entry',
      'note',
    ]);
  });

  it('puts an organisation export in its collections', async () => {
    const file = await parseExport(sampleText('bitwarden-json', 'bitwarden-org.json'));
    expect(file.items).toHaveLength(14);
    expect(new Set(file.items.map((item) => item.container.join('/')))).toEqual(
      new Set(['Bank', 'CornerCases', 'Emails', 'Emails/WS', 'Servers', 'Social']),
    );
  });

  it('keeps cards, identities, hidden fields, several URLs and the TOTP', async () => {
    const file = await parseExport(sampleText('bitwarden-json', 'keepassxc-bitwarden_export.json'));
    const byTitle = new Map(file.items.map((item) => [item.title, item]));
    expect(byTitle.get('Card Name')?.kind).toBe('card');
    expect(byTitle.get('Card Name')?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Number', value: '1234567891011121', hidden: true },
        { name: 'Security code', value: '123', hidden: true },
        { name: 'Cardholder name', value: 'Jane Doe', hidden: false },
        { name: 'Hidden Field', value: 'hidden-field-value', hidden: true },
      ]),
    );
    expect(byTitle.get('My Identity')?.fields).toEqual(
      expect.arrayContaining([{ name: 'Social Security number', value: '123-12-1234', hidden: true }]),
    );
    const login = byTitle.get('Login Name');
    expect(login?.urls).toEqual(['https://mail.google.com', 'https://google.com', 'https://gmail.com']);
    expect(login?.totp).toMatch(/^otpauth:\/\/totp\/Google/);
    expect(login?.favourite).toBe(true);
  });

  it('skips and counts what is in the trash, and names an unknown item type by id only', async () => {
    const text = JSON.stringify({
      encrypted: false,
      folders: [],
      items: [
        { id: 'a', type: 1, name: 'kept', login: { username: 'u', password: 'p' } },
        { id: 'b', type: 1, name: 'binned', deletedDate: '2024-01-01T00:00:00Z', login: { password: 'x' } },
        { id: 'c', type: 99, name: 'strange', notes: 'do not echo me' },
      ],
    });
    const file = await parseExport(text);
    expect(file.items.map((item) => item.title)).toEqual(['kept']);
    expect(file.skipped.trashed).toBe(1);
    expect(file.problems).toEqual([{ ref: 'item c', message: 'Unknown item type.' }]);
  });
});

describe('Bitwarden CSV', () => {
  it('reads the same items as the JSON export of the same vault', async () => {
    const csv = await parseExport(sampleText('bitwarden-csv', 'bitwarden.csv'));
    const json = await parseExport(sampleText('bitwarden-json', 'bitwarden.json'));
    expect(csv.format).toBe('bitwarden-csv');
    const essentials = (items: typeof csv.items) =>
      items
        .map((item) =>
          [item.title, item.username, item.password, item.container.join('/'), item.kind].join('|'),
        )
        .sort();
    expect(essentials(csv.items)).toEqual(essentials(json.items));
    expect(csv.items.find((item) => item.title === 'aib')?.fields).toEqual([
      { name: 'pin', value: '462916', hidden: false },
      { name: 'oldpin', value: '489019', hidden: false },
    ]);
  });

  it('reads an organisation export into its collections', async () => {
    const file = await parseExport(sampleText('bitwarden-csv', 'bitwarden-org.csv'));
    expect(file.format).toBe('bitwarden-organisation-csv');
    expect(file.items).toHaveLength(14);
    expect(file.items.find((item) => item.title === 'aib')?.container).toEqual(['Bank']);
  });
});
