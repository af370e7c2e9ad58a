import type { SecretCategory } from '@coffer/core';
import { FIELD_LABELS } from '@coffer/core';

/** How each category reads in the form's type choice and in lists. */
export const CATEGORY_LABELS: { readonly [C in SecretCategory]: string } = {
  password: 'Password',
  telephone: 'Telephone',
  address: 'Address',
  note: 'Note',
};

/** The label of a payload field, per category where the same key means different things. */
export function payloadFieldLabel(category: SecretCategory, field: string): string {
  if (category === 'telephone' && field === 'country') return 'Country Code';
  return (FIELD_LABELS as Record<string, string>)[field] ?? field;
}

/**
 * The form_fill flag of a password secret (spec section 3). It says what the flag means: nothing in
 * Coffer fills forms yet (the browser extension will read it), so no text promises that it happens.
 */
export const FORM_FILL_LABEL = 'Offer to fill sign-in forms on this site';
/** The viewer's heading for the flag, and how it reads on and off. */
export const FORM_FILL_VIEW = {
  label: 'Form fill',
  on: 'On: offer to fill sign-in forms on this site',
  off: 'Off',
} as const;
