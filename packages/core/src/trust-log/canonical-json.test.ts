import { describe, expect, it } from 'vitest';
import { CryptoError } from '../crypto/errors.js';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys by UTF-16 code units at every depth and writes no spaces', () => {
    const value = { b: [3, { z: null, a: true }], a: 'x', B: false, é: 1, '\u{1F600}': 2, '\uFF61': 3 };
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FF61 in UTF-16 (not in code points).
    expect(canonicalJson(value)).toBe(
      '{"B":false,"a":"x","b":[3,{"a":true,"z":null}],"é":1,"\u{1F600}":2,"\uFF61":3}',
    );
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ seq: 1, org: 'o', body: { b: 1, a: 2 } })).toBe(
      canonicalJson({ body: { a: 2, b: 1 }, org: 'o', seq: 1 }),
    );
  });

  it('escapes strings as JSON.stringify does and keeps other characters as they are', () => {
    expect(canonicalJson('a"b\\c\n\t\u0001ü☎')).toBe('"a\\"b\\\\c\\n\\t\\u0001ü☎"');
    expect(canonicalJson('')).toBe('""');
  });

  it('writes safe integers, booleans and null', () => {
    expect(canonicalJson([0, -7, Number.MAX_SAFE_INTEGER, true, false, null])).toBe(
      `[0,-7,${Number.MAX_SAFE_INTEGER},true,false,null]`,
    );
  });

  it.each([
    ['a fraction', 1.5],
    ['minus zero', -0],
    ['an unsafe integer', Number.MAX_SAFE_INTEGER + 1],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['undefined', undefined],
    ['an undefined member', { a: undefined }],
    ['a function', () => 1],
    ['a date', new Date(0)],
    ['a map', new Map()],
    ['a byte array', new Uint8Array(2)],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00b'],
    ['a key with a lone surrogate', { '\uD800': 1 }],
    ['a big integer', 1n],
  ])('refuses %s as malformed', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(CryptoError);
  });
});
