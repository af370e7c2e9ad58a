import { describe, expect, it } from 'vitest';
import {
  FIELD_NAME_REQUIRED_MESSAGE,
  TOTP_HOTP_MESSAGE,
  TOTP_UNKNOWN_ALGORITHM_MESSAGE,
} from '../constants/secret-extras-constants.js';
import { keepDigits, validateSecret, validateSecretMetadata } from './secret-validator.js';

const base = { name: 'Bank', vault_id: 'chest-1' };

describe('validateSecret: password', () => {
  it('requires name, username, password and chest', () => {
    expect(validateSecret('password', {}).errors).toEqual([
      'Required field Name is empty.',
      'Required field Username is empty.',
      'Required field Password is empty.',
      'Must select Chest from dropdown.',
    ]);
  });

  it('passes a complete secret', () => {
    const values = { ...base, username: 'ann', password: 'pw', url: 'https://bank.example', note: '' };
    expect(validateSecret('password', values).errors).toEqual([]);
  });

  it('caps the name at 50 characters', () => {
    const values = { ...base, username: 'ann', password: 'pw' };
    expect(validateSecret('password', { ...values, name: 'n'.repeat(50) }).errors).toEqual([]);
    expect(validateSecret('password', { ...values, name: 'n'.repeat(51) }).errors).toEqual([
      'Field Name exceeds the maximum of 50 characters.',
    ]);
  });

  it('caps other text at 255 characters', () => {
    const values = { ...base, username: 'ann', password: 'pw' };
    expect(validateSecret('password', { ...values, note: 'n'.repeat(255) }).errors).toEqual([]);
    expect(validateSecret('password', { ...values, note: 'n'.repeat(256) }).errors).toEqual([
      'Field Note exceeds the maximum of 255 characters.',
    ]);
  });
});

describe('validateSecret: telephone', () => {
  it('requires name and chest only', () => {
    expect(validateSecret('telephone', {}).errors).toEqual([
      'Required field Name is empty.',
      'Must select Chest from dropdown.',
    ]);
    expect(validateSecret('telephone', base).errors).toEqual([]);
  });

  it('wants digits in country, number and extension', () => {
    const result = validateSecret('telephone', {
      ...base,
      country: '+44',
      number: '020 7946',
      extension: 'x1',
    });
    expect(result.errors).toEqual([
      'Field Country must contain only numeric characters.',
      'Field Number must contain only numeric characters.',
      'Field Extension must contain only numeric characters.',
    ]);
    expect([...result.fields]).toEqual(['country', 'number', 'extension']);
    expect(
      validateSecret('telephone', { ...base, country: '44', number: '2079460000', extension: '12' }).errors,
    ).toEqual([]);
  });
});

describe('validateSecret: address', () => {
  it('requires name, chest, first line, postal code and country', () => {
    expect(validateSecret('address', {}).errors).toEqual([
      'Required field Name is empty.',
      'Must select Chest from dropdown.',
      'Required field Address Line 1 is empty.',
      'Required field Postal Code is empty.',
      'Required field Country is empty.',
    ]);
    const values = { ...base, addressOne: '1 High St', postalCode: 'AB1 2CD', country: 'GB' };
    expect(validateSecret('address', values).errors).toEqual([]);
  });
});

describe('validateSecret: note', () => {
  it('requires name, chest and note', () => {
    expect(validateSecret('note', {}).errors).toEqual([
      'Required field Name is empty.',
      'Must select Chest from dropdown.',
      'Required field Note is empty.',
    ]);
    expect(validateSecret('note', { ...base, note: 'hello' }).errors).toEqual([]);
  });
});

describe('validateSecret: the optional extras', () => {
  const login = { ...base, username: 'ann', password: 'pw', url: '', note: '' };

  it('passes extras that are absent, empty, or complete', () => {
    expect(validateSecret('password', { ...login, fields: [], moreUrls: [], totp: '' }).errors).toEqual([]);
    const full = {
      ...login,
      fields: [{ name: 'PIN', kind: 'hidden', value: '1234' }],
      moreUrls: [{ url: 'https://two.example', match: 'exact' }],
      totp: 'otpauth://totp/Bank:ann?secret=JBSWY3DPEHPK3PXP&digits=8',
    };
    expect(validateSecret('password', full).errors).toEqual([]);
  });

  it('keeps a key that is not base32: stored as entered, not refused', () => {
    expect(validateSecret('password', { ...login, totp: 'not base32 at all!' }).errors).toEqual([]);
  });

  it('needs a name for every custom field, on every category; one message, each field marked', () => {
    const result = validateSecret('note', {
      ...base,
      note: 'n',
      fields: [
        { name: ' ', kind: 'text', value: 'a' },
        { name: 'ok', kind: 'text', value: 'b' },
        { name: '', kind: 'boolean', value: 'true' },
      ],
    });
    expect(result.errors).toEqual([FIELD_NAME_REQUIRED_MESSAGE]);
    expect([...result.fields]).toEqual(['fields.0', 'fields.2']);
  });

  it('refuses an authenticator URI with an unknown algorithm or of HOTP', () => {
    const unknown = validateSecret('password', {
      ...login,
      totp: 'otpauth://totp/x?secret=AAAA&algorithm=MD5',
    });
    expect(unknown.errors).toEqual([TOTP_UNKNOWN_ALGORITHM_MESSAGE]);
    expect(unknown.fields.has('totp')).toBe(true);
    expect(validateSecret('password', { ...login, totp: 'otpauth://hotp/x?secret=AAAA' }).errors).toEqual([
      TOTP_HOTP_MESSAGE,
    ]);
  });

  it("checks each further URL with the main URL's rule", () => {
    const result = validateSecret('password', {
      ...login,
      moreUrls: [{ url: 'https://ok.example' }, { url: `https://${'a'.repeat(250)}` }],
    });
    expect(result.errors).toEqual(['Field URL exceeds the maximum of 255 characters.']);
    expect([...result.fields]).toEqual(['moreUrls.1']);
  });

  it("puts the category's messages first, exactly as before", () => {
    const result = validateSecret('password', { fields: [{ name: '', kind: 'text', value: '' }] });
    expect(result.errors).toEqual([
      'Required field Name is empty.',
      'Required field Username is empty.',
      'Required field Password is empty.',
      'Must select Chest from dropdown.',
      FIELD_NAME_REQUIRED_MESSAGE,
    ]);
  });
});

describe('validateSecretMetadata', () => {
  it('checks what the server sees', () => {
    expect(validateSecretMetadata({ name: 'n'.repeat(51) }).errors).toEqual([
      'Field Name exceeds the maximum of 50 characters.',
      'Must select Chest from dropdown.',
    ]);
    expect(validateSecretMetadata(base).errors).toEqual([]);
  });
});

describe('keepDigits', () => {
  it('drops everything but digits', () => {
    expect(keepDigits('+44 (0)20-7946')).toBe('440207946');
    expect(keepDigits('abc')).toBe('');
  });
});
