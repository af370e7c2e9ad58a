import { describe, expect, it } from 'vitest';
import { validatePayment } from './payment-validator.js';

const valid = { fullName: 'Ann Lee', addressOne: '1 High St', city: 'Leeds', country: 'GB', quantity: '3' };

describe('validatePayment', () => {
  it('requires full name, first line, city, country and quantity', () => {
    expect(validatePayment({}).errors).toEqual([
      'Required field Full Name is empty.',
      'Required field Address Line 1 is empty.',
      'Required field City is empty.',
      'Required field Country is empty.',
      'Required field Quantity is empty.',
    ]);
  });

  it('passes a complete form, taking line1 for the first line', () => {
    expect(validatePayment(valid).errors).toEqual([]);
    const { addressOne: _unused, ...rest } = valid;
    expect(validatePayment({ ...rest, line1: '1 High St' }).errors).toEqual([]);
    expect(validatePayment({ ...valid, quantity: 3 }).errors).toEqual([]);
  });

  it('wants a numeric quantity', () => {
    expect(validatePayment({ ...valid, quantity: 'three' }).errors).toEqual([
      'Field Quantity must contain only numeric characters.',
    ]);
  });
});
