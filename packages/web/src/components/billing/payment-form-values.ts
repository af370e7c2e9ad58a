import type { PaymentMethod } from '@coffer/core';
import { COUNTRIES, isPaymentCountry, PAYMENT_COUNTRIES } from '@coffer/core';
import type { CardBillingDetails } from './card-entry/card-provider.js';

/** The payment form's fields (spec section 3: fullName, line1, line2, city, country, coupon on pay). */
export interface PaymentFormState {
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  coupon: string;
}

/** The form prefilled from the stored payment method's billing details (spec section 2). */
export function paymentFormStart(stored: PaymentMethod | undefined): PaymentFormState {
  const details = stored?.billing_details;
  const address = details?.address;
  const country = address?.country?.toUpperCase() ?? '';
  return {
    fullName: details?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postalCode: address?.postal_code ?? '',
    country: isPaymentCountry(country) ? country : '',
    coupon: '',
  };
}

/** The billing details the card provider receives with the card. */
export function toBillingDetails(values: PaymentFormState): CardBillingDetails {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: text(values.fullName),
    address: {
      line1: text(values.line1),
      line2: text(values.line2),
      city: text(values.city),
      country: text(values.country),
      postal_code: text(values.postalCode),
    },
  };
}

const countryNames = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** The country select's options: the payment countries of spec section 5, by name (a blank comes first). */
export const PAYMENT_COUNTRY_OPTIONS: readonly { value: string; label: string }[] = PAYMENT_COUNTRIES.map(
  (code) => ({ value: code, label: countryNames.get(code) ?? code }),
);
