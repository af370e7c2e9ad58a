// Billing-address countries the card provider supports (spec section 5), in the spec's order.

/**
 * Codes offered in the payment form's country list (plus a blank option in the UI).
 * The spec says "38 supported countries" but lists these 39 codes; all listed codes are kept.
 */
export const PAYMENT_COUNTRIES: readonly string[] = [
  'AU',
  'AT',
  'BE',
  'BG',
  'BR',
  'CA',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HK',
  'IN',
  'IE',
  'IT',
  'JP',
  'LV',
  'LT',
  'LU',
  'MY',
  'MT',
  'MX',
  'NL',
  'NZ',
  'NO',
  'PL',
  'PT',
  'RO',
  'SG',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'GB',
  'US',
];

/** Whether a billing address may use this country code. */
export function isPaymentCountry(code: string): boolean {
  return PAYMENT_COUNTRIES.includes(code.toUpperCase());
}
