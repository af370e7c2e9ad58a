import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';

describe('Netwrix Password Secure CSV', () => {
  it('reads the semicolon export: organisational units as folders, tags, TOTP', async () => {
    const file = await parseExport(sampleText('netwrix-passwordsecure-csv', 'bitwarden-login-export.csv'));
    expect(file.format).toBe('netwrix-passwordsecure-csv');
    expect(file.items).toHaveLength(3);
    expect(file.items[0]).toMatchObject({
      title: 'Test Entry 1',
      username: 'someUser',
      password: 'somePassword',
      urls: ['https://www.example.com'],
      notes: 'some note for example.com',
      totp: 'someTOTPSeed',
      container: ['folderOrCollection1'],
      tags: ['tag1', 'tag2', 'tag3'],
      fields: [],
    });
    expect(file.items[1]).toMatchObject({ password: '})9+Kg2fz_O#W1§H1-<ox>0Zio', urls: ['www.123.com'] });
    expect(file.items[2]?.totp).toBe('');
  });

  it('keeps a further column as a field', async () => {
    const file = await parseExport(
      '"Organisationseinheit";"DataTags";"Beschreibung";"Benutzername";"Passwort";"Internetseite";"Informationen";"One-Time Passwort";"Kostenstelle"\n' +
        '"IT";"";"Router";"admin";"pw";"";"";"";"4711"\n',
    );
    expect(file.items[0]?.fields).toEqual([{ name: 'Kostenstelle', value: '4711', hidden: false }]);
  });
});
