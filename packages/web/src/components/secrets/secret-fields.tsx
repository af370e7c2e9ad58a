import type { SecretCategory, SecretPayload } from '@coffer/core';
import { COUNTRIES, SECRET_PAYLOAD_FIELDS } from '@coffer/core';
import { SecretFieldRow } from './secret-field-row.js';
import { payloadFieldLabel } from './secret-labels.js';

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;

/** The decrypted fields of a secret, in the category's order, each with copy (and reveal for passwords). */
export function SecretFields({ category, payload }: { category: SecretCategory; payload: SecretPayload }) {
  const values = payload as unknown as Record<string, string>;
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  return (
    <dl className="secret-fields">
      {fields.map((field) => {
        const value = values[field] ?? '';
        return (
          <SecretFieldRow
            key={field}
            label={payloadFieldLabel(category, field)}
            value={value}
            concealed={field === 'password'}
            multiline={field === 'note'}
            {...(category === 'address' && field === 'country' ? { display: countryName(value) } : {})}
          />
        );
      })}
    </dl>
  );
}
