import { beforeAll, describe, expect, it } from 'vitest';
import type { StrengthScorer } from '../strength/strength-scorer.js';
import { loadStrengthScorer } from '../strength/strength-scorer.js';
import { loadZxcvbnData } from '../strength/zxcvbn-data.js';
import type { NotWeakProof } from './not-weak-proof.js';
import { createNotWeakProof } from './not-weak-proof.js';

// A seeded generator: the same sample on every run.
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)] as T;
  const printable = (length: number) =>
    Array.from({ length }, () => String.fromCharCode(int(33, 126))).join('');
  return { next, int, pick, printable };
}

const LEET: Record<string, string> = { a: '@', e: '3', i: '1', o: '0', s: '$', t: '7', l: '|', g: '9' };
const leet = (word: string) => [...word].map((letter) => LEET[letter] ?? letter).join('');

let scorer: StrengthScorer;
let proof: NotWeakProof;
let words: string[];

beforeAll(async () => {
  const data = await loadZxcvbnData();
  scorer = await loadStrengthScorer();
  proof = createNotWeakProof(data);
  words = [
    ...(data.dictionary['passwords-common'] ?? []),
    ...(data.dictionary['commonWords-en'] ?? []),
    ...(data.dictionary['firstnames-en'] ?? []),
  ]
    .map(String)
    .slice(0, 60_000);
}, 60_000);

const INPUTS = ['quentin.harbour', 'Harbour Mail', 'mail.example.com'];

describe('the not-weak proof', () => {
  it('never proves a password zxcvbn scores 2 or lower, and proves long random ones', () => {
    const random = seeded(31);
    const humanMade = () => {
      const word = random.pick(words);
      const other = random.pick(words);
      switch (random.int(0, 9)) {
        case 0:
          return `${word}${other}${random.int(0, 9999)}`;
        case 1:
          return `${leet(word)}${leet(other)}!`;
        case 2:
          return `${word}${random.printable(random.int(1, 6))}`.repeat(random.int(2, 3));
        case 3:
          return `${random.printable(random.int(1, 6))}${word}${other}`;
        case 4:
          return `${word.toUpperCase()}${String(random.int(1950, 2030))}-${random.int(1, 12)}-${random.int(1, 28)}`;
        case 5:
          return `${word}${'qwertyuiopasdfghjkl'.slice(random.int(0, 6), random.int(10, 19))}`;
        case 6:
          return `${word}${'abcdefghijklmnopqrstuvwxyz0123456789'.slice(random.int(0, 10), random.int(14, 36))}`;
        case 7:
          return `${random.pick(['one', 'two', 'three', 'four'])}${random.pick(['Five', '-six', 'seven', '_eight'])}${random.pick(['monday', 'july', 'north'])}${random.int(0, 99)}`;
        case 8:
          return `${random.pick(INPUTS)}${random.printable(random.int(0, 5))}`;
        default:
          return `${word}${random.printable(random.int(1, 8))}${other}`;
      }
    };
    const made = Array.from({ length: 160 }, humanMade).filter((password) => password.length >= 12);
    const randomOnes = Array.from({ length: 40 }, () => random.printable(random.int(16, 32)));
    let weak = 0;
    const provedButWeak: Array<{ password: string; score: number }> = [];
    for (const password of [...made, ...randomOnes]) {
      const score = scorer(password, INPUTS);
      if (score <= 2) weak += 1;
      if (score <= 2 && proof(password, INPUTS)) provedButWeak.push({ password, score });
    }
    expect(provedButWeak).toEqual([]);
    // The sample is worth something: many of its long passwords are weak.
    expect(weak).toBeGreaterThan(made.length / 3);
    expect(randomOnes.filter((password) => proof(password, INPUTS)).length).toBeGreaterThanOrEqual(38);
  }, 120_000);

  it('leaves long weak patterns to zxcvbn', () => {
    for (const password of [
      'Password123!Password123!',
      'abcdefghijklmnopqrstuvwxyz',
      'qwertyuiopasdfghjkl;',
      'p@$$w0rdp@$$w0rd',
      'onetwothreefourfive',
      'quentin.harbour2024',
      'ruobrah.nitneuq!!',
      '1990-12-25correct',
      'zzzzzzzzzzzzzzzzzz',
    ]) {
      expect({ password, proved: proof(password, INPUTS) }).toEqual({ password, proved: false });
    }
  });

  it('proves nothing about short passwords', () => {
    expect(proof('x#9Lq!2vR&', [])).toBe(false);
  });
});
