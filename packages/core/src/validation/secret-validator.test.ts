import { describe, expect, it } from 'vitest';
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
