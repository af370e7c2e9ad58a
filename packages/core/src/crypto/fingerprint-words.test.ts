import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { CryptoError } from './errors.js';
import { FINGERPRINT_WORD_COUNT, fingerprintWords } from './fingerprint-words.js';
import { publicKeyFingerprint } from './key-pair.js';
import vectors from './vectors/coffer-suite1.json' with { type: 'json' };

// Fixed vectors: if the list, the bit order or the word count ever changed, people comparing words over the
// phone with an older client would read different words for the same key.
const fixed: [string, string][] = [
  [
    '8b87 754c 632a 6212 62f6 2278 25fe d36d f741 52a7 6858 f5b8 0fdb 9581 d6fc 04c5',
    'merit desert fantasy shock plate ankle mesh session',
  ],
  ['0'.repeat(64), 'abandon abandon abandon abandon abandon abandon abandon abandon'],
  ['f'.repeat(64), 'zoo zoo zoo zoo zoo zoo zoo zoo'],
  // Word i holds index i·256 + 1, so every 11-bit boundary and the bit order are pinned.
  [`00240500b0180340700f01${'0'.repeat(42)}`, 'ability cage dizzy gasp lens parent scan then'],
];

describe('fingerprintWords', () => {
  it.each(fixed)('encodes %s', (fingerprint, words) => {
    expect(fingerprintWords(fingerprint).join(' ')).toBe(words);
  });

  it('gives the suite vector key the words of its fingerprint', async () => {
    const fingerprint = await publicKeyFingerprint(vectors.key_pair.public_key);
    expect(fingerprintWords(fingerprint).join(' ')).toBe(
      'merit desert fantasy shock plate ankle mesh session',
    );
  });

  it('reads the same with or without spaces and in either case', () => {
    const hex = fixed[0]?.[0] ?? '';
    expect(fingerprintWords(hex.replace(/ /g, '').toUpperCase())).toEqual(fingerprintWords(hex));
  });

  it('are the first 8 words BIP-39 itself gives for the fingerprint’s first 16 bytes', () => {
    for (const [fingerprint] of fixed) {
      const hex = fingerprint.replace(/ /g, '').slice(0, 32);
      const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
      const mnemonic = entropyToMnemonic(bytes, wordlist).split(' ');
      expect(fingerprintWords(fingerprint)).toEqual(mnemonic.slice(0, FINGERPRINT_WORD_COUNT));
    }
  });

  it('refuses anything but 64 hex digits', () => {
    for (const bad of ['', 'abc', '0'.repeat(63), `${'0'.repeat(63)}g`, '0'.repeat(66)]) {
      expect(() => fingerprintWords(bad)).toThrow(CryptoError);
    }
  });
});
