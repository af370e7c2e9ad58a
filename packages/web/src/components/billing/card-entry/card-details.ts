import { numericMessage, requiredMessage } from '@coffer/core';

/** What the local test-card form holds, as typed. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** A card ready for `POST billing_api/test_payment_methods`. */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Labels of the card fields, used in their messages too. */
export const CARD_LABELS = { number: 'Card Number', expiry: 'Expiry', cvc: 'CVC' } as const;

/** The message for an expiry that is not MM/YY or MM/YYYY. */
export const EXPIRY_FORMAT_MESSAGE = 'Field Expiry must be written as MM/YY.';

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

/** Reads 'MM/YY' or 'MM/YYYY' (a two-digit year is 20YY); undefined when it is neither. */
export function parseCardExpiry(expiry: string): { month: number; year: number } | undefined {
  const match = EXPIRY.exec(expiry.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: year < 100 ? 2000 + year : year };
}

/** A card field's complaint. */
export interface CardFailure {
  field: keyof CardInput;
  message: string;
}

/**
 * Checks what the card fields can tell on their own (filled, digits, an MM/YY expiry) and answers
 * the card, or the failures. Whether the number and expiry are good is the provider's to say: the
 * server checks the number by Luhn, the brand and that the card has not expired.
 */
export function readCardInput(input: CardInput): { card: CardDetails } | { failures: CardFailure[] } {
  const failures: CardFailure[] = [];
  const fail = (field: keyof CardInput, message: string) => failures.push({ field, message });
  const number = input.number.replace(/[\s-]/g, '');
  const cvc = input.cvc.trim();
  if (number === '') fail('number', requiredMessage(CARD_LABELS.number));
  else if (!/^\d+$/.test(number)) fail('number', numericMessage(CARD_LABELS.number));
  const expiry = parseCardExpiry(input.expiry);
  if (input.expiry.trim() === '') fail('expiry', requiredMessage(CARD_LABELS.expiry));
  else if (!expiry) fail('expiry', EXPIRY_FORMAT_MESSAGE);
  if (cvc === '') fail('cvc', requiredMessage(CARD_LABELS.cvc));
  else if (!/^\d+$/.test(cvc)) fail('cvc', numericMessage(CARD_LABELS.cvc));
  if (failures.length > 0 || !expiry) return { failures };
  return { card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc } };
}
