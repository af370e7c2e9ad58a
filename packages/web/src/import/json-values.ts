// An export's JSON is whatever its writer (or a damaged disk) made of it: these read a value as the
// shape a mapping expects, or as empty, so that no field of the wrong type can throw mid-import.

/** A text value: strings as they are, numbers and booleans written out, anything else empty. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** An array, or none. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An object's properties, or none. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
