import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, bytesToHex, utf8Decode, utf8Encode } from './encoding.js';
import { CryptoError } from './errors.js';

function expectMalformed(run: () => unknown): void {
  expect(run).toThrow(CryptoError);
  try {
    run();
  } catch (error) {
    expect((error as CryptoError).kind).toBe('malformed');
  }
}

describe('base64', () => {
  it('encodes the RFC 4648 examples with padding', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of cases) {
      expect(bytesToBase64(utf8Encode(text))).toBe(encoded);
      expect(utf8Decode(base64ToBytes(encoded))).toBe(text);
    }
  });

  it('round-trips every byte value and values larger than one chunk', () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(base64ToBytes(bytesToBase64(everyByte))).toEqual(everyByte);
    const large = Uint8Array.from({ length: 100_003 }, (_, index) => (index * 7) % 256);
    expect(base64ToBytes(bytesToBase64(large))).toEqual(large);
  });

  it('uses the standard alphabet', () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  it.each([
    ['missing padding', 'Zg'],
    ['short padding', 'Zg='],
    ['too much padding', 'Z==='],
    ['non-zero unused bits', 'Zh=='],
    ['URL-safe alphabet', '-_-_'],
    ['inner whitespace', 'Zm9v YmFy'],
    ['trailing newline', 'Zm9vYmFy\n'],
    ['padding in the middle', 'Zg==Zg=='],
    ['other characters', 'Zm9v*mFy'],
  ])('rejects %s as malformed', (_case, text) => {
    expectMalformed(() => base64ToBytes(text));
  });

  it('accepts exactly one encoding of every value: each padded ending, canonical or not', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const verdicts = { accepted: 0, rejected: 0 };
    for (const a of alphabet)
      for (const b of alphabet) {
        const endings = [`${a}${b}==`, ...[...alphabet].map((c) => `${a}${b}${c}=`)];
        for (const text of endings) {
          let canonical: boolean;
          try {
            canonical = bytesToBase64(base64ToBytes(text)) === text;
            verdicts.accepted += 1;
          } catch {
            canonical = false;
            verdicts.rejected += 1;
          }
          expect(canonical || !isAccepted(text)).toBe(true);
        }
      }
    // 256 one-byte values and 65,536 two-byte values, each with exactly one accepted encoding.
    expect(verdicts.accepted).toBe(256 + 65_536);
  });

  it('rejects a value that is not a string as malformed', () => {
    expectMalformed(() => base64ToBytes(42 as unknown as string));
  });
});

function isAccepted(text: string): boolean {
  try {
    base64ToBytes(text);
    return true;
  } catch {
    return false;
  }
}

describe('UTF-8', () => {
  it('round-trips text beyond ASCII', () => {
    const text = 'Zürich ☎ 𝄞';
    expect(utf8Encode(text)).toHaveLength(16);
    expect(utf8Decode(utf8Encode(text))).toBe(text);
  });

  it('rejects invalid sequences instead of replacing them', () => {
    expectMalformed(() => utf8Decode(new Uint8Array([0x61, 0xff, 0x62])));
  });
});

describe('hex', () => {
  it('writes lower-case, zero-padded digits', () => {
    expect(bytesToHex(new Uint8Array([0, 10, 171, 255]))).toBe('000aabff');
  });
});
