import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import type { SourceFile, SourceItem } from '../source-item.js';

// Each of these samples holds pass-import's 14-entry test vault: the credentials agree with the
// Bitwarden JSON reading.
const reference = (await parseExport(sampleText('bitwarden-json', 'bitwarden.json'))).items;
const credentials = (items: readonly SourceItem[]) =>
  items.map((item) => `${item.username}|${item.password}`).sort();
const titled = (file: SourceFile, title: string) => file.items.filter((item) => item.title === title);

describe('Myki CSV', () => {
  it('reads the test vault with its 2FA secrets and notes', async () => {
    const file = await parseExport(sampleText('myki-csv', 'myki.csv'));
    expect(file.format).toBe('myki-csv');
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(titled(file, 'mastodon.social')[0]).toMatchObject({
      username: 'ostqxi',
      urls: ['https://mastodon.social/'],
      totp: 'q3cqvrxeak7vcj6etwm7rihedmwqr3uk',
    });
    expect(titled(file, 'note')[0]?.kind).toBe('note');
    expect(titled(file, 'dpbx@klivak.xb')[0]?.notes).toBe('This is a garbage address');
    expect(titled(file, 'ovh.com')).toHaveLength(2);
  });

  it('the newer export: tags, an active status left out, further columns as fields', async () => {
    const [account] = (await parseExport(sampleText('myki-csv', 'bitwarden-user-account.csv'))).items;
    expect(account).toMatchObject({
      title: 'PasswordNickname',
      username: 'user.name@email.com',
      password: 'abc123',
      urls: ['www.google.com'],
      notes: 'This is the additional information text.',
      totp: 'someTOTPSeed',
      tags: ['someTag'],
      fields: [],
    });
    const other = await parseExport(
      'nickname,url,username,password,additionalInfo,twofaSecret,status,tags,Recovery PIN\nA,,ann,pw,,,archived,"x, y",1234\n',
    );
    expect(other.items[0]).toMatchObject({ tags: ['x', 'y'] });
    expect(other.items[0]?.fields).toEqual([
      { name: 'Status', value: 'archived', hidden: false },
      { name: 'Recovery PIN', value: '1234', hidden: true },
    ]);
  });
});

describe('KeePass 2 CSV', () => {
  it('reads the test vault', async () => {
    const file = await parseExport(sampleText('keepass-csv', 'keepass.csv'));
    expect(file.format).toBe('keepass-csv');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(titled(file, 'aib')[0]).toMatchObject({
      username: 'dpbx@fner.ws',
      urls: ['https://onlinebanking.aib.ie'],
      container: [],
    });
    expect(titled(file, 'note')[0]?.notes).toMatch(/^This is a multiline note entry\..*sift\.$/s);
  });
});

describe('Buttercup CSV', () => {
  it('reads entries into their nested groups; group rows are no secrets; custom properties are fields', async () => {
    const file = await parseExport(sampleText('buttercup-csv', 'buttercup.csv'));
    expect(file.format).toBe('buttercup-csv');
    expect(file.items).toHaveLength(14);
    expect(file.skipped.notASecret).toBe(6);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(titled(file, 'dpbx@mnyfymt.ws')[0]?.container).toEqual(['Emails', 'WS']);
    expect(titled(file, 'aib')[0]).toMatchObject({
      sourceId: 'ccd70a75-3b8a-429e-aa2c-5f3791b19587',
      container: ['Bank'],
      fields: [{ name: 'pin', value: '462916', hidden: true }],
    });
  });

  it('skips the trash, reads a group defined after its entries, names an unknown row by number', async () => {
    const file = await parseExport(
      '!type,!group_id,!group_name,!group_parent,title,username,password,URL,id,Notes\n' +
        'entry,2,,,Router,admin,pw,,e1,\n' +
        'entry,9,,,Old,ann,pw,,e2,\n' +
        'group,9,Trash,0,,,,,,\n' +
        'group,2,Office,1,,,,,,\n' +
        'group,1,Work,0,,,,,,\n' +
        'widget,1,,,X,,,,,\n',
    );
    expect(file.items).toEqual([expect.objectContaining({ title: 'Router', container: ['Work', 'Office'] })]);
    expect(file.skipped.trashed).toBe(1);
    expect(file.problems).toEqual([{ ref: 'row 6', message: 'The row is neither a group nor an entry.' }]);
  });
});

describe('Padlock CSV', () => {
  it('reads the test vault; tags stay tags', async () => {
    const file = await parseExport(sampleText('padlock-csv', 'padlock.csv'));
    expect(file.format).toBe('padlock-csv');
    expect(file.items).toHaveLength(14);
    expect(credentials(file.items)).toEqual(credentials(reference));
    expect(titled(file, 'dpbx@fner.ws')[0]).toMatchObject({
      tags: ['Emails\\WS'],
      notes: 'For financial purpose only!',
      container: [],
    });
  });

  it('keeps further columns as fields, the concealed-looking ones hidden', async () => {
    const file = await parseExport(
      'name,tags,url,username,password,notes,Account No,Secret Answer\nBank,"a,b",,ann,pw,,42,blue\n',
    );
    expect(file.items[0]).toMatchObject({ tags: ['a', 'b'] });
    expect(file.items[0]?.fields).toEqual([
      { name: 'Account No', value: '42', hidden: false },
      { name: 'Secret Answer', value: 'blue', hidden: true },
    ]);
  });
});
