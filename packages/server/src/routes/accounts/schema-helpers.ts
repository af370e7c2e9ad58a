// JSON-schema pieces of the account routes. Text fields are plain strings without length limits
// here: the services check them with core's validators, so the answer carries the spec's message.

/** A string property. */
export const text = { type: 'string' } as const;
/** A boolean property (form text "true"/"false" is coerced). */
export const flag = { type: 'boolean' } as const;
/** A list of ids. */
export const idList = { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } } as const;

/** An object schema with these string properties. */
export function object<P extends Record<string, object>>(properties: P, required: (keyof P & string)[] = []) {
  return { type: 'object', properties, required } as const;
}
