import {
  FIELD_LABELS,
  isPaymentCountry,
  type PaymentMethod,
  type TestPaymentMethodRequest,
  validateForm,
} from '@coffer/core';
import { billingRefusal } from '../billing-provider.js';

/** Card refusals, in Stripe's words, so both providers read alike. None repeats what was typed. */
export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  brand: 'Your card brand is not supported.',
  expMonth: "Your card's expiration month is invalid.",
  expYear: "Your card's expiration year is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectCvc: "Your card's security code is incorrect.",
  country: 'Field Country must be one of the supported countries.',
} as const;

/** Stripe's test numbers that are refused, and why (https://docs.stripe.com/testing). */
const DECLINED_NUMBERS: Readonly<Record<string, string>> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000009987': CARD_MESSAGES.declined,
  '4000000000000069': CARD_MESSAGES.expired,
  '4000000000000127': CARD_MESSAGES.incorrectCvc,
};

interface BrandRule {
  brand: string;
  prefix: RegExp;
  lengths: readonly number[];
  cvcLength: number;
}

// Issuer prefixes and lengths of the brands Stripe names (brand values as Stripe spells them).
const BRANDS: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15], cvcLength: 4 },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19], cvcLength: 3 },
  {
    brand: 'mastercard',
    prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
    cvcLength: 3,
  },
  { brand: 'discover', prefix: /^(6011|65|64[4-9])/, lengths: [16, 19], cvcLength: 3 },
  { brand: 'diners', prefix: /^(30[0-5]|309|36|38|39)/, lengths: [14, 16, 19], cvcLength: 3 },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8]\d)/, lengths: [16, 19], cvcLength: 3 },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19], cvcLength: 3 },
];

/** What is kept of a checked card: never its number or security code. */
export interface CheckedCard {
  card: PaymentMethod['card'];
  billing: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    country: string;
    postal_code: string | null;
  };
}

/** The Luhn checksum (ISO/IEC 7812) over a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number's prefix and length, or null. */
export function brandOf(digits: string): BrandRule | null {
  return BRANDS.find((rule) => rule.prefix.test(digits) && rule.lengths.includes(digits.length)) ?? null;
}

const ADDRESS_RULES = {
  name: { label: FIELD_LABELS.fullName, required: true },
  line1: { label: FIELD_LABELS.addressOne, required: true },
  line2: { label: FIELD_LABELS.line2 },
  city: { label: FIELD_LABELS.city, required: true },
  postal_code: { label: FIELD_LABELS.postalCode },
  country: { label: FIELD_LABELS.country, required: true },
};

/**
 * Checks a test card and its billing details as a card provider would (number by Luhn, brand from
 * the number, expiry month and not in the past, security code length, the billing address with
 * the payment form's rules and its countries) and refuses Stripe's declining test numbers. Throws
 * a 400 with the first problem.
 */
export function checkTestCard(request: TestPaymentMethodRequest, now: Date): CheckedCard {
  const billing = checkBillingDetails(request.billing_details);
  const digits = request.card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw billingRefusal(CARD_MESSAGES.number);
  const brand = brandOf(digits);
  if (!brand) throw billingRefusal(CARD_MESSAGES.brand);
  const { exp_month: month, exp_year: year } = request.card;
  if (!Number.isInteger(month) || month < 1 || month > 12) throw billingRefusal(CARD_MESSAGES.expMonth);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw billingRefusal(CARD_MESSAGES.expYear);
  if (isExpired(month, year, now)) throw billingRefusal(CARD_MESSAGES.expired);
  if (!new RegExp(`^\\d{${brand.cvcLength}}$`).test(request.card.cvc))
    throw billingRefusal(CARD_MESSAGES.cvc);
  const declined = DECLINED_NUMBERS[digits];
  if (declined) throw billingRefusal(declined);
  return {
    card: { brand: brand.brand, last4: digits.slice(-4), exp_month: month, exp_year: year },
    billing,
  };
}

/** A card is good to the end of its expiry month (UTC). */
export function isExpired(month: number, year: number, now: Date): boolean {
  return Date.UTC(year, month, 1) <= now.getTime();
}

function checkBillingDetails(details: TestPaymentMethodRequest['billing_details']): CheckedCard['billing'] {
  const address = details.address;
  const values = {
    name: details.name?.trim() ?? '',
    line1: address.line1?.trim() ?? '',
    line2: address.line2?.trim() || null,
    city: address.city?.trim() ?? '',
    postal_code: address.postal_code?.trim() || null,
    country: address.country?.trim().toUpperCase() ?? '',
  };
  const [problem] = validateForm(values, ADDRESS_RULES).errors;
  if (problem) throw billingRefusal(problem);
  if (!isPaymentCountry(values.country)) throw billingRefusal(CARD_MESSAGES.country);
  return values;
}
