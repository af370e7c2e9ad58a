import type { FormObject, FormValue } from '../../http/parse-nested-form.js';
import { invalidRequest } from './stand-in-errors.js';

// Reading Stripe's form-encoded parameters. The SDK sends `a[b]=v` for objects and `a[0][b]=v` for
// arrays (indexed, qs style); parseNestedForm gives both as objects, so lists are read by index.

/** A text parameter, or null when absent. Stripe refuses a nested value where text is expected. */
export function text(params: FormObject, name: string): string | null {
  const value = params[name];
  if (value === undefined) return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

/** A whole-number parameter, or null when absent. */
export function integer(params: FormObject, name: string): number | null {
  const value = text(params, name);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

/** A boolean parameter ('true' or 'false'), or null when absent. */
export function flag(params: FormObject, name: string): boolean | null {
  const value = text(params, name);
  if (value === null) return null;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

/** A nested object parameter (`name[key]=…`), empty when absent. */
export function object(params: FormObject, name: string): FormObject {
  const value = params[name];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidRequest(`Invalid object: ${name}`, name);
  return value;
}

/** A string map (metadata). */
export function stringMap(params: FormObject, name: string): Record<string, string> {
  const entries = Object.entries(object(params, name)).map(([key, value]) => {
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}[${key}]`, `${name}[${key}]`);
    return [key, value] as const;
  });
  return Object.fromEntries(entries);
}

/** A list parameter (`name[0]=…` or `name[]=…`), or null when absent; an empty string is an empty list. */
export function list(params: FormObject, name: string): FormValue[] | null {
  const value = params[name];
  if (value === undefined) return null;
  if (value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') throw invalidRequest(`Invalid array: ${name}`, name);
  const indexes = Object.keys(value);
  if (!indexes.every((index) => /^\d+$/.test(index))) throw invalidRequest(`Invalid array: ${name}`, name);
  return indexes.sort((a, b) => Number(a) - Number(b)).map((index) => value[index] as FormValue);
}

/** A list of objects (`items[0][price]=…`). */
export function objectList(params: FormObject, name: string): FormObject[] | null {
  const values = list(params, name);
  return (
    values?.map((value) => {
      if (typeof value !== 'object' || Array.isArray(value))
        throw invalidRequest(`Invalid array: ${name}`, name);
      return value;
    }) ?? null
  );
}

/** A list of texts (`lookup_keys[0]=…`, `expand[0]=…`). */
export function textList(params: FormObject, name: string): string[] | null {
  const values = list(params, name);
  return (
    values?.map((value) => {
      if (typeof value !== 'string') throw invalidRequest(`Invalid array: ${name}`, name);
      return value;
    }) ?? null
  );
}

/** Stripe's `limit` (1 to 100, default 10). */
export function pageLimit(params: FormObject): number {
  const limit = integer(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100.', 'limit');
  return limit;
}
