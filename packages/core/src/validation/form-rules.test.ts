import { describe, expect, it } from 'vitest';
import { checkField, countCharacters, isBlank, validateForm } from './form-rules.js';

describe('isBlank', () => {
  it('counts nothing, blank text, false and empty lists as blank', () => {
    for (const value of [undefined, null, '', '   ', false, []]) expect(isBlank(value)).toBe(true);
    for (const value of ['a', 0, true, ['x'], ' x ']) expect(isBlank(value)).toBe(false);
  });
});

describe('checkField', () => {
  const label = 'Name';

  it('reports a required blank field, or nothing when optional', () => {
    expect(checkField('', { label, required: true })).toBe('Required field Name is empty.');
    expect(checkField('  ', { label, required: true })).toBe('Required field Name is empty.');
    expect(checkField(undefined, { label })).toBeUndefined();
  });

  it('uses a replacement required message', () => {
    expect(checkField(undefined, { label, required: true, requiredMessage: 'Pick one.' })).toBe('Pick one.');
  });

  it('applies the default maximum of 255 to text', () => {
    expect(checkField('a'.repeat(255), { label })).toBeUndefined();
    expect(checkField('a'.repeat(256), { label })).toBe('Field Name exceeds the maximum of 255 characters.');
    expect(checkField('a'.repeat(256), { label, max: null })).toBeUndefined();
  });

  it('checks a minimum', () => {
    expect(checkField('a'.repeat(11), { label, min: 12 })).toBe(
      'Field Name requires a minimum of 12 characters.',
    );
    expect(checkField('a'.repeat(12), { label, min: 12 })).toBeUndefined();
  });

  it('checks digits only', () => {
    expect(checkField('0123', { label: 'Number', numeric: true })).toBeUndefined();
    expect(checkField(42, { label: 'Number', numeric: true })).toBeUndefined();
    expect(checkField('12a', { label: 'Number', numeric: true })).toBe(
      'Field Number must contain only numeric characters.',
    );
    expect(checkField('-1', { label: 'Number', numeric: true })).toBe(
      'Field Number must contain only numeric characters.',
    );
  });

  it('checks e-mail format, ignoring surrounding spaces', () => {
    expect(checkField('a@b.co', { label: 'Email', email: true })).toBeUndefined();
    expect(checkField(' a@b.co ', { label: 'Email', email: true })).toBeUndefined();
    expect(checkField('a@b', { label: 'Email', email: true })).toBe('Field Email is not a valid email.');
    expect(checkField({ x: 1 }, { label: 'Email', email: true })).toBe('Field Email is not a valid email.');
  });

  it('counts code points, so an emoji is one character', () => {
    expect(countCharacters('🔑🔑')).toBe(2);
    expect(checkField('🔑'.repeat(50), { label, max: 50 })).toBeUndefined();
  });
});

describe('validateForm', () => {
  it('lists one message per failing field, in rule order, and marks the fields', () => {
    const result = validateForm(
      { email: 'nope', name: '' },
      { name: { label: 'Name', required: true }, email: { label: 'Email', required: true, email: true } },
    );
    expect(result.errors).toEqual(['Required field Name is empty.', 'Field Email is not a valid email.']);
    expect([...result.fields]).toEqual(['name', 'email']);
  });

  it('passes valid values', () => {
    const result = validateForm({ name: 'Ok' }, { name: { label: 'Name', required: true } });
    expect(result.errors).toEqual([]);
    expect(result.fields.size).toBe(0);
  });
});
