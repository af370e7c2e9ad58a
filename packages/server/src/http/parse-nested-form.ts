import { AppError } from '../errors/app-error.js';

/** A parsed form: strings, nested objects for `a[b]` keys and arrays for `a[]` keys. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 6;
const MAX_PAIRS = 1_000;

/**
 * Parses an application/x-www-form-urlencoded body the way Rails does for `user[email]=...`
 * (registration, spec section 3): `a[b][c]=v` nests, `a[]=v` appends, a repeated key keeps the
 * last value. Keys that could reach an object prototype, and conflicting or too deep keys, are a 400.
 */
export function parseNestedForm(body: string): FormObject {
  const result: FormObject = {};
  const params = new URLSearchParams(body);
  let pairs = 0;
  for (const [key, value] of params) {
    pairs += 1;
    if (pairs > MAX_PAIRS) throw malformed();
    assign(result, splitKey(key), value);
  }
  return result;
}

function malformed(): AppError {
  return AppError.validation('Malformed form body');
}

// "user[owned_organisation_attributes][name]" → ["user", "owned_organisation_attributes", "name"]
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) throw malformed();
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  const segments = [match[1], ...rest];
  if (segments.length > MAX_DEPTH) throw malformed();
  if (segments.some((segment) => FORBIDDEN_KEYS.has(segment))) throw malformed();
  // Only the last segment may be the "append" marker.
  if (segments.slice(0, -1).includes('')) throw malformed();
  return segments;
}

function assign(target: FormObject, segments: string[], value: string): void {
  let container: FormObject = target;
  for (const [index, segment] of segments.entries()) {
    const next = segments[index + 1];
    if (next === undefined) {
      setLeaf(container, segment, value);
      return;
    }
    if (next === '') {
      appendLeaf(container, segment, value);
      return;
    }
    const existing = Object.hasOwn(container, segment) ? container[segment] : undefined;
    if (existing === undefined) {
      const child: FormObject = {};
      container[segment] = child;
      container = child;
    } else if (isObject(existing)) {
      container = existing;
    } else {
      throw malformed();
    }
  }
}

function setLeaf(container: FormObject, key: string, value: string): void {
  const existing = Object.hasOwn(container, key) ? container[key] : undefined;
  if (existing !== undefined && typeof existing !== 'string') throw malformed();
  container[key] = value;
}

function appendLeaf(container: FormObject, key: string, value: string): void {
  const existing = Object.hasOwn(container, key) ? container[key] : undefined;
  if (existing === undefined) {
    container[key] = [value];
    return;
  }
  if (!Array.isArray(existing)) throw malformed();
  existing.push(value);
}

function isObject(value: FormValue): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}
