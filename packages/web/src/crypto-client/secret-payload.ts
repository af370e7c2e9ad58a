import type {
  AttachmentRef,
  CustomField,
  CustomFieldKind,
  PastValue,
  SecretCategory,
  SecretPayloadByCategory,
  SecretUrl,
  UrlMatchRule,
} from '@coffer/core';
import { SECRET_PAYLOAD_FIELDS } from '@coffer/core';

const FIELD_KINDS: readonly string[] = ['text', 'hidden', 'boolean'] satisfies CustomFieldKind[];
const URL_RULES: readonly string[] = ['host', 'exact', 'starts-with'] satisfies UrlMatchRule[];

type Entry = Record<string, unknown>;
const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
/** The objects of a list; anything else (a list that is not one, entries that are not objects) is left out. */
const entriesOf = (value: unknown): Entry[] => (Array.isArray(value) ? value.filter(isEntry) : []);

function customFields(value: unknown): CustomField[] {
  return entriesOf(value)
    .filter((field) => isText(field.name) && isText(field.value))
    .map((field) => ({
      name: field.name as string,
      kind: (FIELD_KINDS.includes(field.kind as string) ? field.kind : 'text') as CustomFieldKind,
      value: field.value as string,
    }));
}

function pastValues(value: unknown): PastValue[] {
  return entriesOf(value)
    .filter((past) => isText(past.field) && isText(past.value) && isText(past.changedAt))
    .map((past) => ({
      field: past.field as string,
      value: past.value as string,
      changedAt: past.changedAt as string,
    }));
}

function attachmentRefs(value: unknown): AttachmentRef[] {
  return entriesOf(value)
    .filter(
      (file) =>
        isText(file.id) &&
        isText(file.name) &&
        typeof file.size === 'number' &&
        Number.isSafeInteger(file.size) &&
        file.size >= 0 &&
        isText(file.mediaType) &&
        isText(file.key),
    )
    .map((file) => ({
      id: file.id as string,
      name: file.name as string,
      size: file.size as number,
      mediaType: file.mediaType as string,
      key: file.key as string,
    }));
}

function moreUrls(value: unknown): SecretUrl[] {
  return entriesOf(value)
    .filter((url) => isText(url.url))
    .map((url) =>
      URL_RULES.includes(url.match as string)
        ? { url: url.url as string, match: url.match as UrlMatchRule }
        : { url: url.url as string },
    );
}

/**
 * Keeps the category's fields of an opened payload, as strings ('' when absent), and the optional
 * extras of issue 27 (docs/crypto.md, "The payload's shape") in their documented shapes, so the viewer
 * and the form never meet a field they do not know or a value of another type. An extra that is absent
 * stays absent; malformed entries of a list are left out; keys unknown to this version are dropped.
 */
export function normalisePayload<C extends SecretCategory>(
  category: C,
  opened: Record<string, unknown>,
): SecretPayloadByCategory[C] {
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  const payload: Record<string, unknown> = Object.fromEntries(
    fields.map((field) => {
      const value = opened[field];
      return [field, typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''];
    }),
  );
  if ('fields' in opened) payload.fields = customFields(opened.fields);
  if ('history' in opened) payload.history = pastValues(opened.history);
  if ('attachments' in opened) payload.attachments = attachmentRefs(opened.attachments);
  if (category === 'password') {
    if (URL_RULES.includes(opened.urlMatch as string)) payload.urlMatch = opened.urlMatch;
    if ('moreUrls' in opened) payload.moreUrls = moreUrls(opened.moreUrls);
    if (isText(opened.totp)) payload.totp = opened.totp;
  }
  return payload as unknown as SecretPayloadByCategory[C];
}
