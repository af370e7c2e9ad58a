import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountryName } from './country-list.js';
import { isPaymentCountry, PAYMENT_COUNTRIES } from './payment-countries.js';

describe('COUNTRIES', () => {
  it('holds 249 unique two-letter upper-case codes', () => {
    expect(COUNTRIES).toHaveLength(249);
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has a name for every country, sorted alphabetically', () => {
    const collator = new Intl.Collator('en');
    for (const country of COUNTRIES) expect(country.name.trim()).not.toBe('');
    for (let i = 1; i < COUNTRIES.length; i++) {
      expect(collator.compare(COUNTRIES[i - 1]!.name, COUNTRIES[i]!.name)).toBeLessThan(0);
    }
    expect(COUNTRIES[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(COUNTRIES.at(-1)).toEqual({ code: 'ZW', name: 'Zimbabwe' });
  });

  it('finds names by code in any case', () => {
    expect(findCountryName('GB')).toBe('United Kingdom');
    expect(findCountryName('us')).toBe('United States');
    expect(findCountryName('XX')).toBeUndefined();
  });
});

describe('PAYMENT_COUNTRIES', () => {
  it('lists the codes of section 5 in the order given there', () => {
    expect(PAYMENT_COUNTRIES.join(' ')).toBe(
      'AU AT BE BG BR CA CY CZ DK EE FI FR DE GR HK IN IE IT JP LV LT LU MY MT MX NL NZ NO PL PT RO SG SK SI ES SE CH GB US',
    );
  });

  it('only holds known countries', () => {
    const known = new Set(COUNTRIES.map((country) => country.code));
    for (const code of PAYMENT_COUNTRIES) expect(known.has(code)).toBe(true);
  });

  it('accepts supported codes in any case and refuses others', () => {
    expect(isPaymentCountry('gb')).toBe(true);
    expect(isPaymentCountry('US')).toBe(true);
    expect(isPaymentCountry('CN')).toBe(false);
    expect(isPaymentCountry('')).toBe(false);
  });
});
