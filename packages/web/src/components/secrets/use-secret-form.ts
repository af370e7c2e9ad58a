import type { CustomFieldKind, SecretCategory, UrlMatchRule } from '@coffer/core';
import { splitUrl } from '@coffer/core';
import { useCallback, useState } from 'react';
import type { MarkedFields } from '../form-fields/use-marked-fields.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import type { FormField, FormUrl, SecretFormStart, SecretFormValues } from './secret-form-values.js';
import {
  initialFormValues,
  newRowKey,
  rowMark,
  validateFormValues,
  withCategory,
} from './secret-form-values.js';

/** What a custom field's row may change. */
export type FieldChange = Partial<Pick<FormField, 'name' | 'kind' | 'value'>>;

/** A yes/no field holds 'true' or 'false'; leaving that kind starts the value afresh. */
function changeField(field: FormField, change: FieldChange): FormField {
  const next = { ...field, ...change };
  if (change.kind === undefined || change.kind === field.kind) return next;
  if (change.kind === 'boolean') return { ...next, value: field.value === 'true' ? 'true' : 'false' };
  return field.kind === 'boolean' ? { ...next, value: '' } : next;
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The secret form's state and its edits; every edit unmarks its field (red until edited). */
export interface SecretFormState {
  values: SecretFormValues;
  marks: MarkedFields;
  setName: (name: string) => void;
  setChest: (vaultId: string) => void;
  setCategory: (category: SecretCategory) => void;
  setPayloadField: (field: string, value: string) => void;
  setProtocol: (protocol: string) => void;
  /** A full url pasted into the address is split into protocol and address. */
  setUrlAddress: (address: string) => void;
  setHidden: (hidden: boolean) => void;
  setFormFill: (formFill: boolean) => void;
  setUrlMatch: (match: UrlMatchRule) => void;
  /** Adds an empty further URL; answers its row key. */
  addUrl: () => string;
  setMoreUrl: (key: string, change: Partial<Pick<FormUrl, 'url' | 'match'>>) => void;
  removeUrl: (key: string) => void;
  setTotp: (totp: string) => void;
  /** Adds an empty text field at the end; answers its row key. */
  addField: (kind?: CustomFieldKind) => string;
  setField: (key: string, change: FieldChange) => void;
  /** Moves a field one place up (-1) or down (1). */
  moveField: (key: string, by: -1 | 1) => void;
  removeField: (key: string) => void;
  /** Validates and marks; answers whether the values may be saved. */
  validate: () => boolean;
}

/** State of the new/edit secret form. */
export function useSecretForm(start: SecretFormStart): SecretFormState {
  const [values, setValues] = useState(() => initialFormValues(start));
  const marks = useMarkedFields();
  const { edited } = marks;

  const update = useCallback(
    (field: string, change: (current: SecretFormValues) => SecretFormValues) => {
      setValues(change);
      edited(field);
    },
    [edited],
  );

  return {
    values,
    marks,
    setName: (name) => update('name', (v) => ({ ...v, name })),
    setChest: (vaultId) => update('vault_id', (v) => ({ ...v, vaultId })),
    setCategory: (category) => {
      setValues((v) => withCategory(v, category));
      marks.clear();
    },
    setPayloadField: (field, value) =>
      update(field, (v) => ({ ...v, payload: { ...v.payload, [field]: value } })),
    setProtocol: (protocol) => update('url', (v) => ({ ...v, protocol })),
    setUrlAddress: (address) =>
      update('url', (v) => {
        const split = splitUrl(address);
        const pastedFullUrl =
          split.protocol !== '' && address.trim().toLowerCase().startsWith(split.protocol);
        return pastedFullUrl
          ? { ...v, protocol: split.protocol, urlAddress: split.address }
          : { ...v, urlAddress: address };
      }),
    setHidden: (hidden) => update('hidden', (v) => ({ ...v, hidden })),
    setFormFill: (formFill) => update('form_fill', (v) => ({ ...v, formFill })),
    setUrlMatch: (urlMatch) => update('urlMatch', (v) => ({ ...v, urlMatch })),
    addUrl: () => {
      const key = newRowKey();
      setValues((v) => ({ ...v, moreUrls: [...v.moreUrls, { key, url: '', match: 'host' }] }));
      return key;
    },
    setMoreUrl: (key, change) =>
      update(rowMark('moreUrls', key), (v) => ({
        ...v,
        moreUrls: v.moreUrls.map((row) => (row.key === key ? { ...row, ...change } : row)),
      })),
    removeUrl: (key) =>
      update(rowMark('moreUrls', key), (v) => ({
        ...v,
        moreUrls: v.moreUrls.filter((row) => row.key !== key),
      })),
    setTotp: (totp) => update('totp', (v) => ({ ...v, totp })),
    addField: (kind = 'text') => {
      const key = newRowKey();
      const value = kind === 'boolean' ? 'false' : '';
      setValues((v) => ({ ...v, fields: [...v.fields, { key, name: '', kind, value }] }));
      return key;
    },
    setField: (key, change) =>
      update(rowMark('fields', key), (v) => ({
        ...v,
        fields: v.fields.map((field) => (field.key === key ? changeField(field, change) : field)),
      })),
    moveField: (key, by) =>
      setValues((v) => {
        const from = v.fields.findIndex((field) => field.key === key);
        return { ...v, fields: moved(v.fields, from, from + by) };
      }),
    removeField: (key) =>
      update(rowMark('fields', key), (v) => ({
        ...v,
        fields: v.fields.filter((field) => field.key !== key),
      })),
    validate: () => marks.show(validateFormValues(values)),
  };
}
