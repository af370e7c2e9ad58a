import type { SecretCategory } from '@coffer/core';
import { splitUrl } from '@coffer/core';
import { useCallback, useState } from 'react';
import type { MarkedFields } from '../form-fields/use-marked-fields.js';
import { useMarkedFields } from '../form-fields/use-marked-fields.js';
import type { SecretFormStart, SecretFormValues } from './secret-form-values.js';
import { initialFormValues, validateFormValues, withCategory } from './secret-form-values.js';

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
    validate: () => marks.show(validateFormValues(values)),
  };
}
