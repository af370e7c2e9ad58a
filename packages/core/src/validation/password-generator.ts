// Generated passwords (new users, the secret generator): every character class, no modulo bias.
import { GENERATED_PASSWORD_LENGTH } from '../constants/length-constants.js';

/** The character classes a generated password always contains. */
export const PASSWORD_CHARACTER_CLASSES = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digit: '0123456789',
  symbol: '!@#$%^&*()-_=+[]{};:,.?',
} as const;

const CLASSES = Object.values(PASSWORD_CHARACTER_CLASSES);
const ALL = CLASSES.join('');
const RANGE = 2 ** 32;

/** A uniform integer in [0, max) from the platform CSPRNG, by rejection sampling. */
export function randomIndexBelow(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > RANGE)
    throw new RangeError('max must be an integer in 1..2^32');
  const limit = RANGE - (RANGE % max);
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % max;
  }
}

function pick(characters: string): string {
  return characters[randomIndexBelow(characters.length)]!;
}

/** Makes a random password of `length` (default 12, at least 4) with lower, upper, digit and symbol. */
export function generatePassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  if (!Number.isInteger(length) || length < CLASSES.length) {
    throw new RangeError(`length must be an integer of at least ${CLASSES.length}`);
  }
  const characters = CLASSES.map(pick);
  while (characters.length < length) characters.push(pick(ALL));
  // Fisher–Yates, so the guaranteed characters sit at random places.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomIndexBelow(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}
