import type { SecretCategory, SecretPayload, ValidationResult } from '@coffer/core';
import { createEmptyPayload, joinUrl, splitUrl, validateSecret } from '@coffer/core';

/** What the secret form edits. The url is kept split into protocol and address while editing. */
export interface SecretFormValues {
  category: SecretCategory;
  name: string;
  vaultId: string;
  hidden: boolean;
  formFill: boolean;
  /** The category's payload fields, `url` excepted (see protocol and urlAddress). */
  payload: Record<string, string>;
  protocol: string;
  urlAddress: string;
}

/** A secret as the form starts from: empty for a new one, decrypted for an edit. */
export interface SecretFormStart {
  category?: SecretCategory;
  name?: string;
  vaultId?: string;
  hidden?: boolean;
  formFill?: boolean;
  payload?: SecretPayload;
}

/** The form's values for a new or opened secret. */
export function initialFormValues(start: SecretFormStart = {}): SecretFormValues {
  const category = start.category ?? 'password';
  const payload = { ...(start.payload ?? createEmptyPayload(category)) } as unknown as Record<string, string>;
  const { protocol, address } = splitUrl(payload.url);
  delete payload.url;
  return {
    category,
    name: start.name ?? '',
    vaultId: start.vaultId ?? '',
    hidden: start.hidden ?? false,
    formFill: start.formFill ?? false,
    payload,
    protocol,
    urlAddress: address,
  };
}

/** Switches a new secret's category: name, chest and flags stay, the payload starts empty. */
export function withCategory(values: SecretFormValues, category: SecretCategory): SecretFormValues {
  const fresh = initialFormValues({ category });
  return {
    ...fresh,
    name: values.name,
    vaultId: values.vaultId,
    hidden: values.hidden,
    formFill: values.formFill,
  };
}

/** The decrypted payload to seal: exactly the category's fields, the url joined again. */
export function toPayload(values: SecretFormValues): SecretPayload {
  const empty = createEmptyPayload(values.category) as unknown as Record<string, string>;
  const payload: Record<string, string> = {};
  for (const field of Object.keys(empty)) payload[field] = values.payload[field] ?? '';
  if ('url' in empty) payload.url = joinUrl(values.protocol, values.urlAddress);
  return payload as unknown as SecretPayload;
}

/** Validates with core's rules and messages (spec section 5), as the server would. */
export function validateFormValues(values: SecretFormValues): ValidationResult {
  return validateSecret(values.category, {
    name: values.name,
    vault_id: values.vaultId,
    ...toPayload(values),
  });
}
