import { describe, expect, it } from 'vitest';
import { sampleBytes, sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';

const file = await parseExport(sampleBytes('1password-1pux', 'keepassxc-1PasswordExport.1pux'));
const byTitle = new Map(file.items.map((item) => [item.title, item]));

describe('1Password 1PUX', () => {
  it('reads every vault into its own container, archived items kept and tagged', async () => {
    expect(file.format).toBe('1password-1pux');
    expect(file.items).toHaveLength(9);
    expect(byTitle.get('Bank Account')?.container).toEqual(['Shared']);
    expect(byTitle.get('Login')?.container).toEqual(['Personal']);
    expect(byTitle.get('Login Archived')?.tags).toContain('Archived');
    expect(file.problems).toEqual([]);
  });

  it('keeps the login, its URLs, tags, the first one-time password, and the other as a hidden field', async () => {
    expect(byTitle.get('Login')).toMatchObject({
      kind: 'login',
      username: 'team@keepassxc.org',
      password: 'password',
      urls: ['https://keepassxc.org', 'https://twitter.com'],
      notes: 'Note to self',
      totp: 'DFDFDEF',
      tags: ['website'],
      favourite: true,
      createdAt: '2022-09-20T02:46:50.000Z',
    });
    expect(byTitle.get('Login')?.fields).toEqual([
      { name: 'Extra Data: one-time password', value: 'DFDFDEFDEF', hidden: true },
      { name: 'Extra Data: phone', value: '555-123-45678', hidden: false },
      { name: 'Extra Data: email', value: 'team@keepassxc.org', hidden: false },
    ]);
    expect(byTitle.get('UUID 005 Password')?.password).toBe('uuid005password');
  });

  it('turns a card into fields, its number and code hidden, its expiry as MM/YYYY', async () => {
    const card = byTitle.get('Credit Card');
    expect(card?.kind).toBe('card');
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Credit Card Fields: number', value: '1234567890', hidden: true },
        { name: 'Credit Card Fields: verification number', value: '123', hidden: true },
        { name: 'Credit Card Fields: expiry date', value: '06/2022', hidden: false },
      ]),
    );
  });

  it('carries a document with its file', async () => {
    const logo = byTitle.get('KeePassXC Logo');
    expect(logo?.attachments.map((file) => [file.name, file.data.length])).toEqual([
      ['keepassxc.png', 18422],
    ]);
  });

  it("reads export.data alone, and says which documents' files it lacks", async () => {
    const data = await parseExport(
      sampleText('1password-1pux', 'bitwarden-sanitized-export.export.data.json'),
    );
    expect(data.items).toHaveLength(28);
    expect(new Set(data.items.map((item) => item.container.join('/')))).toEqual(
      new Set(["T's Test Vault", 'Personal']),
    );
    const documents = data.items.filter((item) => item.attachments.length === 0 && item.kind === 'other');
    expect(documents.length).toBeGreaterThan(0);
    expect(
      data.problems.every((problem) => problem.message === "The document's file is not in the export."),
    ).toBe(true);
    expect(data.problems.length).toBeGreaterThan(0);
  });
});
