import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import type { SourceItem } from '../source-item.js';

const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();

describe('Passman JSON', () => {
  it('reads the test vault; tags stay tags; custom fields and times kept', async () => {
    const file = await parseExport(sampleText('passman-json', 'passman.json'));
    expect(file.format).toBe('passman-json');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    const aib = file.items.find((item) => item.title === 'aib');
    expect(aib).toMatchObject({
      sourceId: 'B7AAF8F4-4B2C-48E4-BCEE-F41BB46D8F0B',
      urls: ['https://onlinebanking.aib.ie'],
      tags: ['Bank'],
      fields: [{ name: 'pin', value: '462916', hidden: false }],
      createdAt: '2019-09-25T00:14:16.000Z',
    });
    expect(file.items.find((item) => item.title === 'dpbx@fner.ws')?.tags).toEqual(['Emails\\WS']);
  });

  it('skips deleted and hidden credentials; an e-mail, a secret field, an OTP; files named as a problem', async () => {
    const credential = (guid: string, extra: object) => ({ credential_id: 1, guid, label: guid, ...extra });
    const file = await parseExport(
      JSON.stringify([
        credential('a', { delete_time: 1600000000 }),
        credential('b', { hidden: 1 }),
        credential('c', {
          username: 'ann',
          email: 'ann@example.com',
          otp: { secret: 'JBSWY3DP', qr_uri: { qrData: 'otpauth://totp/x?secret=JBSWY3DP' } },
          custom_fields: [{ label: 'Key', value: 'k', secret: true, field_type: 'text' }],
          files: [{ filename: 'scan.pdf' }],
        }),
      ]),
    );
    expect(file.skipped).toEqual({ trashed: 1, notASecret: 1 });
    expect(file.items[0]).toMatchObject({ username: 'ann', totp: 'otpauth://totp/x?secret=JBSWY3DP' });
    expect(file.items[0]?.fields).toEqual([
      { name: 'Email', value: 'ann@example.com', hidden: false },
      { name: 'Key', value: 'k', hidden: true },
    ]);
    expect(file.problems).toEqual([{ ref: 'c', message: "The item's files are not in the export." }]);
  });
});

describe('Psono JSON', () => {
  it('reads website passwords with their callback values as fields', async () => {
    const file = await parseExport(sampleText('psono-json', 'bitwarden-website-logins.json'));
    expect(file.format).toBe('psono-json');
    expect(file.items).toHaveLength(1);
    expect(file.items[0]).toMatchObject({
      kind: 'login',
      title: 'TestEntry',
      username: 'testUser',
      password: 'testPassword',
      urls: ['bitwarden.com'],
      notes: 'some notes',
      createdAt: '2022-12-13T19:24:09.810Z',
    });
    expect(file.items[0]?.fields).toEqual([
      { name: 'Url filter', value: 'filter', hidden: false },
      { name: 'Callback url', value: 'callback', hidden: false },
      { name: 'Callback user', value: 'callbackUser', hidden: false },
      { name: 'Callback pass', value: 'callbackPassword', hidden: true },
    ]);
  });

  it('reads folders as containers, nested; a deleted folder counts as trash', async () => {
    const file = await parseExport(sampleText('psono-json', 'bitwarden-folders.json'));
    expect(file.items.map((item) => [item.title, item.container])).toEqual([
      ['TestEntry', ['TestFolder']],
      ['TestEntry2', ['TestFolder2']],
    ]);
    const nested = await parseExport(
      JSON.stringify({
        folders: [
          {
            name: 'Work',
            folders: [{ name: 'Keys', items: [{ type: 'note', name: 'Door', note_notes: '1234' }] }],
          },
          { name: 'Old', deleted: true, items: [{ type: 'note', name: 'Gone', note_notes: 'x' }] },
        ],
        items: [{ type: 'totp', name: 'Mail 2FA', totp_code: 'JBSWY3DP', totp_digits: '6' }],
      }),
    );
    expect(nested.items.map((item) => [item.title, item.kind, item.container])).toEqual([
      ['Mail 2FA', 'other', []],
      ['Door', 'note', ['Work', 'Keys']],
    ]);
    expect(nested.items[0]).toMatchObject({
      totp: 'JBSWY3DP',
      fields: [{ name: 'Digits', value: '6', hidden: false }],
    });
    expect(nested.items[1]?.notes).toBe('1234');
    expect(nested.skipped.trashed).toBe(1);
  });
});

describe('Passky JSON', () => {
  it('reads a login named by its website host', async () => {
    const file = await parseExport(sampleText('passky-json', 'bitwarden-passky-unencrypted.json'));
    expect(file.format).toBe('passky-json');
    expect(file.items).toEqual([
      expect.objectContaining({
        title: 'bitwarden.com',
        username: 'testUser',
        password: 'testPassword',
        urls: ['https://bitwarden.com/'],
        notes: 'my notes',
      }),
    ]);
  });

  it('refuses an encrypted backup with a way forward', async () => {
    const error = await parseExport(JSON.stringify({ encrypted: true, passwords: [] })).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/without encryption/);
  });
});
