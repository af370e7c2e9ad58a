import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/import-samples.js';
import { parseExport } from '../detect-format.js';
import { ImportError } from '../import-error.js';

const file = await parseExport(sampleText('protonpass-json', 'bitwarden-protonpass.json'));
const byTitle = new Map(file.items.map((item) => [item.title, item]));

describe('Proton Pass JSON', () => {
  it('reads every vault as a container and skips the trash', () => {
    expect(file.format).toBe('protonpass-json');
    expect(file.items.map((item) => item.title)).toEqual([
      'Test Login - Personal Vault',
      'My Secure Note',
      'Test Card',
      'Identity',
      'Alias',
      'Other vault login',
    ]);
    expect(file.skipped.trashed).toBe(1);
    expect(byTitle.get('Other vault login')?.container).toEqual(['Test']);
  });

  it('a login: username and e-mail, every URL, TOTP, custom fields, a second TOTP hidden', () => {
    const login = byTitle.get('Test Login - Personal Vault');
    expect(login).toMatchObject({
      kind: 'login',
      username: 'Username',
      password: 'Password',
      urls: ['https://example.com/', 'https://example2.com/'],
      notes: 'My login secure note.',
      container: ['Personal'],
      favourite: true,
      createdAt: '2023-07-12T17:27:48.000Z',
    });
    expect(login?.totp).toMatch(/^otpauth:\/\/totp\/.*secret=TOTPCODE/);
    expect(login?.fields).toEqual([
      { name: 'Email', value: 'Email', hidden: false },
      { name: 'non-hidden field', value: 'non-hidden field content', hidden: false },
      { name: 'hidden field', value: 'hidden field content', hidden: true },
      { name: 'second 2fa secret', value: 'TOTPCODE', hidden: true },
    ]);
    expect(byTitle.get('Other vault login')).toMatchObject({
      username: 'other vault username',
      totp: 'JBSWY3DPEHPK3PXP',
    });
  });

  it('a card and an identity become fields, the concealed ones hidden', () => {
    const card = byTitle.get('Test Card');
    expect(card).toMatchObject({ kind: 'card', notes: 'Credit Card Note', favourite: true });
    expect(card?.fields).toEqual([
      { name: 'Cardholder name', value: 'Test name', hidden: false },
      { name: 'Number', value: '1234222233334444', hidden: true },
      { name: 'Verification number', value: '333', hidden: true },
      { name: 'Expiration date', value: '2025-01', hidden: false },
      { name: 'Pin', value: '1234', hidden: true },
      { name: 'card text field', value: 'card text value', hidden: false },
      { name: 'card hidden field', value: 'card hidden value', hidden: true },
    ]);
    const identity = byTitle.get('Identity');
    expect(identity?.kind).toBe('identity');
    expect(identity?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Full name', value: 'Test 1', hidden: false },
        { name: 'Social security number', value: '98378264782', hidden: true },
        { name: 'Passport number', value: '7173716378612', hidden: true },
        { name: 'TestPersonal', value: 'Personal', hidden: false },
        { name: 'TestContact', value: 'Contact', hidden: true },
        { name: 'TestSection: TestSectionHidden', value: 'SectionHidden', hidden: true },
        { name: 'TestExtra', value: 'Extra', hidden: false },
      ]),
    );
    expect(identity?.fields.some((field) => field.value === '')).toBe(false);
  });

  it('a note keeps its fields; an alias its address', () => {
    expect(byTitle.get('My Secure Note')).toMatchObject({ kind: 'note', notes: 'Secure note contents.' });
    expect(byTitle.get('My Secure Note')?.fields).toHaveLength(2);
    expect(byTitle.get('Alias')).toMatchObject({
      kind: 'other',
      username: 'alias.removing005@passinbox.com',
    });
  });

  it('refuses an encrypted export with a way forward', async () => {
    const error = await parseExport(JSON.stringify({ userId: 'u', encrypted: true, vaults: {} })).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/export again from Proton Pass without encryption/);
  });
});
