import { describe, expect, it } from 'vitest';
import {
  createEmptyPayload,
  isSecretCategory,
  SECRET_CATEGORIES,
  SECRET_PAYLOAD_FIELDS,
} from './secret-categories.js';

describe('secret categories', () => {
  it('lists the four categories', () => {
    expect(SECRET_CATEGORIES).toEqual(['password', 'telephone', 'address', 'note']);
  });

  it('orders the payload fields of each category', () => {
    expect(SECRET_PAYLOAD_FIELDS.password).toEqual(['username', 'password', 'url', 'note']);
    expect(SECRET_PAYLOAD_FIELDS.telephone).toEqual(['country', 'number', 'extension', 'note']);
    expect(SECRET_PAYLOAD_FIELDS.address).toEqual([
      'addressOne',
      'addressTwo',
      'addressThree',
      'addressFour',
      'postalCode',
      'country',
      'note',
    ]);
    expect(SECRET_PAYLOAD_FIELDS.note).toEqual(['note']);
  });

  it('recognises categories', () => {
    expect(isSecretCategory('address')).toBe(true);
    expect(isSecretCategory('card')).toBe(false);
    expect(isSecretCategory(undefined)).toBe(false);
  });

  it('makes empty payloads', () => {
    expect(createEmptyPayload('note')).toEqual({ note: '' });
    expect(createEmptyPayload('telephone')).toEqual({ country: '', number: '', extension: '', note: '' });
  });
});
