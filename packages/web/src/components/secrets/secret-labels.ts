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
