import type {
  CustomField,
  CustomFieldKind,
  SecretCategory,
  SecretPayload,
  SecretUrl,
  UrlMatchRule,
  ValidationResult,
} from '@coffer/core';
import { createEmptyPayload, joinUrl, splitUrl, validateSecret } from '@coffer/core';

/** A custom field while it is edited; `key` keeps its row (and focus) stable across renames and moves. */
export interface FormField extends CustomField {
  key: string;
}

/** A further URL while it is edited. */
export interface FormUrl {
  key: string;
  url: string;
  match: UrlMatchRule;
}

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
  /** The main URL's match rule (password secrets). */
  urlMatch: UrlMatchRule;
  /** URLs after the main one (password secrets). */
  moreUrls: FormUrl[];
  /** The authenticator key as entered (password secrets). */
  totp: string;
  /** Custom fields, every category, in the order the viewer shows them. */
  fields: FormField[];
  /**
   * The opened payload's keys the form does not edit, carried through an edit untouched (history,
   * attachments), and which editable extras it had, so that an empty extra the secret never had stays
   * absent and older secrets keep their shape.
   */
  carried: Record<string, unknown>;
  startedWith: ReadonlySet<string>;
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

/** The payload keys the form edits beyond the category's fields. */
const EDITED_EXTRAS = ['urlMatch', 'moreUrls', 'totp', 'fields'] as const;
const URL_RULES: readonly UrlMatchRule[] = ['host', 'exact', 'starts-with'];
const FIELD_KINDS: readonly CustomFieldKind[] = ['text', 'hidden', 'boolean'];

let nextKey = 0;
/** A row key unique within the page. */
export const newRowKey = (): string => `row-${++nextKey}`;

const asRule = (value: unknown): UrlMatchRule =>
  URL_RULES.includes(value as UrlMatchRule) ? (value as UrlMatchRule) : 'host';
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The form's values for a new or opened secret. */
export function initialFormValues(start: SecretFormStart = {}): SecretFormValues {
  const category = start.category ?? 'password';
  const opened = { ...(start.payload ?? createEmptyPayload(category)) } as unknown as Record<string, unknown>;
  const categoryFields = Object.keys(createEmptyPayload(category));
  const payload: Record<string, string> = {};
  const carried: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(opened)) {
    if (categoryFields.includes(key)) payload[key] = asText(value);
    else if (!(EDITED_EXTRAS as readonly string[]).includes(key)) carried[key] = value;
  }
  const { protocol, address } = splitUrl(asText(opened.url));
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
    urlMatch: asRule(opened.urlMatch),
    moreUrls: asList(opened.moreUrls).map((item) => {
      const url = asRecord(item);
      return { key: newRowKey(), url: asText(url.url), match: asRule(url.match) };
    }),
    totp: asText(opened.totp),
    fields: asList(opened.fields).map((item) => {
      const field = asRecord(item);
      const kind = FIELD_KINDS.includes(field.kind as CustomFieldKind)
        ? (field.kind as CustomFieldKind)
        : 'text';
      return { key: newRowKey(), name: asText(field.name), kind, value: asText(field.value) };
    }),
    carried,
    startedWith: new Set(EDITED_EXTRAS.filter((key) => key in opened)),
  };
}

/** Switches a new secret's category: name, chest, flags and custom fields stay, the payload starts empty. */
export function withCategory(values: SecretFormValues, category: SecretCategory): SecretFormValues {
  const fresh = initialFormValues({ category });
  return {
    ...fresh,
    name: values.name,
    vaultId: values.vaultId,
    hidden: values.hidden,
    formFill: values.formFill,
    fields: values.fields,
  };
}

/**
 * The decrypted payload to seal: the category's fields (the url joined again), then the extras: the
 * ones the form edits when they hold something (or the secret had them), every other key as opened.
 */
export function toPayload(values: SecretFormValues): SecretPayload {
  const empty = createEmptyPayload(values.category) as unknown as Record<string, string>;
  const payload: Record<string, unknown> = { ...values.carried };
  for (const field of Object.keys(empty)) payload[field] = values.payload[field] ?? '';
  const keep = (key: (typeof EDITED_EXTRAS)[number], filled: boolean) =>
    filled || values.startedWith.has(key);

  if ('url' in empty) {
    payload.url = joinUrl(values.protocol, values.urlAddress);
    if (keep('urlMatch', values.urlMatch !== 'host')) payload.urlMatch = values.urlMatch;
    // A row left empty is dropped rather than saved as an empty URL.
    const moreUrls: SecretUrl[] = values.moreUrls
      .filter((row) => row.url.trim() !== '')
      .map((row) => ({ url: row.url.trim(), match: row.match }));
    if (keep('moreUrls', moreUrls.length > 0)) payload.moreUrls = moreUrls;
    const totp = values.totp.trim();
    if (keep('totp', totp !== '')) payload.totp = totp;
  }
  const fields: CustomField[] = values.fields.map(({ name, kind, value }) => ({
    name: name.trim(),
    kind,
    value,
  }));
  if (keep('fields', fields.length > 0)) payload.fields = fields;
  return payload as unknown as SecretPayload;
}

/** The mark of a custom field's or further URL's row: by its key, which moves with the row. */
export const rowMark = (list: 'fields' | 'moreUrls', key: string) => `${list}.${key}`;

/**
 * Validates with core's rules and messages (spec section 5, then the extras), as the server would.
 * Core marks rows by their index in the payload; the form marks them by row key.
 */
export function validateFormValues(values: SecretFormValues): ValidationResult {
  const result = validateSecret(values.category, {
    name: values.name,
    vault_id: values.vaultId,
    ...toPayload(values),
  });
  const savedUrls = values.moreUrls.filter((row) => row.url.trim() !== '');
  const fields = new Set(
    [...result.fields].map((mark) => {
      const [list, index] = mark.split('.');
      const row =
        list === 'fields'
          ? values.fields[Number(index)]
          : list === 'moreUrls'
            ? savedUrls[Number(index)]
            : undefined;
      return row && (list === 'fields' || list === 'moreUrls') ? rowMark(list, row.key) : mark;
    }),
  );
  return { errors: result.errors, fields };
}
