import { CryptoError } from '../crypto/errors.js';

/*
 * The canonical encoding of a trust-log entry (docs/crypto.md, "Organisation trust log"): RFC 8785
 * (JCS) restricted to the values an entry holds, so that every entry has exactly one byte string to
 * sign and to hash. Allowed: null, booleans, safe integers, strings without lone surrogates, arrays
 * and plain objects. Object keys are sorted by UTF-16 code units, as JCS says; strings are escaped
 * as JSON.stringify escapes them, which is JCS's rule too. Anything else (fractions, -0, NaN,
 * undefined, functions, class instances, lone surrogates) is refused as 'malformed' rather than
 * silently turned into something that would sign differently on another implementation.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// String.prototype.isWellFormed (ES2024) where the engine has it: the regex above costs more on the
// long base64 keys and signatures an entry carries.
const wellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text);

/** The canonical JSON text of `value`; throws CryptoError 'malformed' for anything outside the subset. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value) || Object.is(value, -0)) throw new CryptoError('malformed');
      return String(value);
    case 'string':
      if (!wellFormed(value)) throw new CryptoError('malformed');
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      return canonicalObject(value);
    default:
      throw new CryptoError('malformed');
  }
}

function canonicalObject(value: object): string {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new CryptoError('malformed');
  // Default sort compares UTF-16 code units, which is JCS's order.
  const keys = Object.keys(value).sort();
  const record = value as Record<string, unknown>;
  const members = keys.map((key) => {
    if (!wellFormed(key)) throw new CryptoError('malformed');
    return `${JSON.stringify(key)}:${canonicalJson(record[key])}`;
  });
  return `{${members.join(',')}}`;
}
