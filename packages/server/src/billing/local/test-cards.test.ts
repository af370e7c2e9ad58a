import { describe, expect, it } from 'vitest';
import { discountOf } from './coupons.js';
import { brandOf, isExpired, passesLuhn } from './test-cards.js';

describe('test cards', () => {
  it('checks numbers by Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ])('names the brand of %s: %s', (number, brand) => {
    expect(brandOf(number)?.brand).toBe(brand);
  });

  it('knows no brand for an unknown prefix or a wrong length', () => {
    expect(brandOf('9999999999999995')).toBeNull();
    expect(brandOf('37828224631000')).toBeNull();
  });

  it('keeps a card good until the end of its expiry month', () => {
    const now = new Date('2025-05-31T23:59:59.000Z');
    expect(isExpired(5, 2025, now)).toBe(false);
    expect(isExpired(4, 2025, now)).toBe(true);
    expect(isExpired(5, 2025, new Date('2025-06-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('coupon discounts', () => {
  it('takes a percentage rounded to the penny, or a fixed amount never beyond the subtotal', () => {
    expect(discountOf({ percent_off: 10, amount_off: null }, 900)).toBe(90);
    expect(discountOf({ percent_off: 15, amount_off: null }, 333)).toBe(50);
    expect(discountOf({ percent_off: null, amount_off: 100 }, 900)).toBe(100);
    expect(discountOf({ percent_off: null, amount_off: 1000 }, 300)).toBe(300);
    expect(discountOf(null, 900)).toBe(0);
  });
});
