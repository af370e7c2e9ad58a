/** A value toFormBody can encode. */
export type FormValue = string | number | boolean | null | undefined | FormObject | readonly FormValue[];

/** A nested object of form values, such as `{ user: { email, owned_organisation_attributes: { name } } }`. */
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Encodes a nested object as a Rails-style form body (`user[email]=...`), as registration needs
 * (spec section 7). Arrays become `key[]`, booleans 'true'/'false', null and undefined are left out.
 * Keys that already hold brackets (`'user[email]'`) pass through unchanged.
 */
export function toFormBody(values: FormObject): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) appendValue(form, key, value);
  return form;
}

function appendValue(form: URLSearchParams, key: string, value: FormValue): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value as readonly FormValue[]) appendValue(form, `${key}[]`, item);
    return;
  }
  if (typeof value === 'object') {
    for (const [child, childValue] of Object.entries(value as FormObject)) {
      appendValue(form, `${key}[${child}]`, childValue);
    }
    return;
  }
  form.append(key, String(value));
}
