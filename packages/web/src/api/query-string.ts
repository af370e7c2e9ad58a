import type { QueryValue } from './api-types.js';

/** Builds `?a=1&b=2` from query values (empty string when nothing is set); arrays repeat their key. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
      continue;
    }
    params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
