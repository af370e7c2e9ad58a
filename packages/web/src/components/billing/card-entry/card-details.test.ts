import { describe, expect, it } from 'vitest';
import { EXPIRY_FORMAT_MESSAGE, parseCardExpiry, readCardInput } from './card-details.js';

describe('the local card fields', () => {
  it('read MM/YY and MM/YYYY expiries', () => {
    expect(parseCardExpiry('04/30')).toEqual({ month: 4, year: 2030 });
    expect(parseCardExpiry(' 4 / 2031 ')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('13/30')).toBeUndefined();
    expect(parseCardExpiry('0430')).toBeUndefined();
  });

  it('make the card for the test-card call, without spaces in the number', () => {
    expect(readCardInput({ number: '4242 4242 4242 4242', expiry: '04/30', cvc: '123' })).toEqual({
      card: { number: '4242424242424242', exp_month: 4, exp_year: 2030, cvc: '123' },
    });
  });

  it("say what is missing or wrong with the spec's messages, per field", () => {
    expect(readCardInput({ number: '', expiry: '', cvc: '' })).toEqual({
      failures: [
        { field: 'number', message: 'Required field Card Number is empty.' },
        { field: 'expiry', message: 'Required field Expiry is empty.' },
        { field: 'cvc', message: 'Required field CVC is empty.' },
      ],
    });
    expect(readCardInput({ number: '4242x', expiry: 'soon', cvc: '12a' })).toEqual({
      failures: [
        { field: 'number', message: 'Field Card Number must contain only numeric characters.' },
        { field: 'expiry', message: EXPIRY_FORMAT_MESSAGE },
        { field: 'cvc', message: 'Field CVC must contain only numeric characters.' },
      ],
    });
  });
});
