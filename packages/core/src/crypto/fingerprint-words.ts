import { wordlist } from '@scure/bip39/wordlists/english.js';
import { CryptoError } from './errors.js';

/** Words shown for a fingerprint: 8 × 11 bits = its first 88 bits (docs/crypto.md, "Fingerprint words"). */
export const FINGERPRINT_WORD_COUNT = 8;

const BITS_PER_WORD = 11;
const HEX_DIGITS = 64;

/**
 * The first 88 bits of a public key fingerprint (core's publicKeyFingerprint: SHA-256 as hex, spaces allowed)
 * as 8 words of the BIP-39 English list, 11 bits each, most significant bit first. The same hex always gives
 * the same words, in the browser, the server and the extension alike.
 */
export function fingerprintWords(fingerprint: string): string[] {
  const hex = fingerprint.replace(/ /g, '').toLowerCase();
  if (hex.length !== HEX_DIGITS || !/^[0-9a-f]+$/.test(hex)) throw new CryptoError('malformed');
  // 88 bits fit a BigInt exactly; 22 hex digits are those bits.
  const bits = BigInt(`0x${hex.slice(0, (FINGERPRINT_WORD_COUNT * BITS_PER_WORD) / 4)}`);
  const words: string[] = [];
  for (let index = FINGERPRINT_WORD_COUNT - 1; index >= 0; index -= 1) {
    const position = Number((bits >> BigInt(index * BITS_PER_WORD)) & 0x7ffn);
    words.push(wordlist[position] as string);
  }
  return words;
}
