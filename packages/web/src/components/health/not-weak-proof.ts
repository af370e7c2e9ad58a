import type { ZxcvbnData } from '../strength/zxcvbn-data.js';
import { SortedWords } from './sorted-words.js';

/*
 * A cheap proof that zxcvbn-ts would not score a password 2 or lower (weak), so the health check
 * need not run it (tens of milliseconds for a long random password; about 0.04 ms for this).
 *
 * Why it holds. zxcvbn's guesses are the least, over every way to cover the password with l matches,
 * of l! × (the matches' guesses multiplied) + 10,000^(l − 1); a score of 2 or lower needs fewer than
 * 10^8 + 5 guesses. Every match counts at least 1 guess, so three or more matches make at least
 * 10^8 + 6: a weak password is one match, or two (a prefix and the rest). Of two, each is at least
 * 10 guesses, so each is below 5 × 10^6: a brute-force piece (10^length guesses) is then at most
 * 6 characters, and one alone (the whole password) at most 8. A longer piece must be a pattern:
 * a dictionary word (plain, reversed or l33t), a word sequence, a repeat, a sequence, a keyboard
 * walk or a date (years, separators are shorter). The tests below over-approximate each pattern
 * (every l33t reading at once, any period, any step, any keyboard, every word of every list), so a
 * password none of whose splits passes them cannot be weak. Anything in doubt is scored by zxcvbn.
 */

/** Shorter passwords are scored by zxcvbn (they are cheap to score, and may be brute-forced). */
export const PROOF_MIN_LENGTH = 12;
// zxcvbn-ts scores only the first 256 characters (its maxLength): longer ones go to zxcvbn as they are.
const PROOF_MAX_LENGTH = 256;
// A brute-force piece beside another match is below 5 × 10^6 guesses: at most 6 characters.
const BRUTE_FORCE_PIECE_MAX = 6;
// The date matcher's longest token: 4-digit year, two separators, 2-digit day and month.
const DATE_MAX_LENGTH = 10;
const DATE_CHARACTER = /[\d\s/\\_.-]/;
// What may stand between the words of a word sequence (zxcvbn-ts: '', ' ', '-', '_', '.', or a capital).
const WORD_JOINER = /[ \-_.]/;

/** True when zxcvbn-ts cannot score the password (with these user inputs) 2 or lower. */
export type NotWeakProof = (password: string, userInputs: readonly string[]) => boolean;

// By code unit, as zxcvbn-ts reverses; passwords with surrogate pairs are left to zxcvbn anyway.
const reversed = (text: string) => text.split('').reverse().join('');
const SURROGATE = /[\uD800-\uDFFF]/;

interface Substitution {
  /** What the password shows ('4', '|_|', or reversed '|_|'). */
  shown: string;
  /** The letter it stands for. */
  letter: string;
}

function substitutionsOf(table: Record<string, readonly string[]>): Substitution[] {
  const subs = new Map<string, Substitution>();
  for (const [letter, shownAs] of Object.entries(table)) {
    for (const shown of shownAs) {
      // Both ways round: a reversed word may be written with a reversed substitution.
      for (const way of [shown, reversed(shown)]) subs.set(`${letter}\n${way}`, { shown: way, letter });
    }
  }
  return [...subs.values()];
}

/** Words and their reversals, lowercased: a relaxed match against this covers plain, reversed and l33t. */
function bothWays(words: Iterable<string | number>): SortedWords {
  const all: string[] = [];
  for (const word of words) {
    const lower = String(word).toLowerCase();
    all.push(lower, reversed(lower));
  }
  return new SortedWords(all);
}

// Past this many partial readings a walk gives up, and the password is scored by zxcvbn.
const WALK_STATE_LIMIT = 4096;

/**
 * Where a word of `words` can end when read from `start` of `text` (lowercased), each character
 * read as itself or, with the ones after it, as a substitution for a letter; null when the walk
 * grew too wide.
 */
function wordEnds(
  text: string,
  start: number,
  words: SortedWords,
  subs: readonly Substitution[],
): number[] | null {
  const ends = new Set<number>();
  const stack: Array<[number, string]> = [[start, '']];
  let states = 0;
  while (stack.length > 0) {
    const [at, read] = stack.pop() as [number, string];
    states += 1;
    if (states > WALK_STATE_LIMIT) return null;
    if (read !== '' && words.has(read)) ends.add(at);
    if (at >= text.length) continue;
    const steps: Array<[number, string]> = [[at + 1, read + text.charAt(at)]];
    for (const sub of subs)
      if (text.startsWith(sub.shown, at)) steps.push([at + sub.shown.length, read + sub.letter]);
    for (const [to, extended] of steps) if (words.hasPrefix(extended)) stack.push([to, extended]);
  }
  return [...ends];
}

/**
 * For each length k (1…n), whether text[0, k) can be read as a pattern: `null` when unsure of all.
 * `raw` is the password as typed (case matters to sequences, walks and joiners), `lower` lowercased.
 */
function patternPrefixes(
  raw: string,
  lower: string,
  lists: ProofLists,
  userWords: SortedWords,
): boolean[] | null {
  const n = raw.length;
  const pattern = new Array<boolean>(n + 1).fill(false);
  for (const words of [lists.words, userWords]) {
    const ends = wordEnds(lower, 0, words, lists.subs);
    if (!ends) return null;
    for (const end of ends) pattern[end] = true;
  }
  if (!markWordSequences(raw, lower, lists, pattern)) return null;
  markRuns(raw, lists.neighbours, pattern);
  return pattern;
}

/** Word sequences: words of the sequence lists one after another, joined as zxcvbn-ts allows. */
function markWordSequences(raw: string, lower: string, lists: ProofLists, pattern: boolean[]): boolean {
  const n = raw.length;
  const reached = new Array<boolean>(n + 1).fill(false);
  reached[0] = true;
  for (let at = 0; at < n; at += 1) {
    if (!reached[at]) continue;
    const ends = wordEnds(lower, at, lists.sequenceWords, lists.subs);
    if (!ends) return false;
    for (const end of ends) {
      pattern[end] = true;
      reached[end] = true;
      const joiner = raw.charAt(end);
      const capital = joiner !== joiner.toLowerCase() && joiner === joiner.toUpperCase();
      if (end < n && (WORD_JOINER.test(joiner) || capital)) reached[end + 1] = true;
    }
  }
  return true;
}

/** Repeats (any period), sequences (any constant step), keyboard walks (any graph), dates. */
function markRuns(
  raw: string,
  neighbours: ReadonlyMap<string, ReadonlySet<string>>,
  pattern: boolean[],
): void {
  const n = raw.length;
  const code = (index: number) => raw.charCodeAt(index);
  // The longest prefix of each kind: every shorter prefix is of that kind too.
  let sequence = Math.min(n, 2);
  while (sequence < n && code(sequence) - code(sequence - 1) === code(1) - code(0)) sequence += 1;
  let walk = 1;
  while (walk < n && isNeighbour(neighbours, raw.charAt(walk - 1), raw.charAt(walk))) walk += 1;
  let date = 0;
  while (date < Math.min(n, DATE_MAX_LENGTH) && DATE_CHARACTER.test(raw.charAt(date))) date += 1;
  for (let k = 1; k <= n; k += 1) if (k <= sequence || k <= walk || k <= date) pattern[k] = true;
  // A prefix of length k has period p (p ≤ k/2) when its first k − p characters repeat p later.
  for (let period = 1; period * 2 <= n; period += 1) {
    let same = 0;
    while (period + same < n && raw.charAt(same) === raw.charAt(period + same)) same += 1;
    for (let k = period * 2; k <= Math.min(n, period + same); k += 1) pattern[k] = true;
  }
}

function isNeighbour(
  neighbours: ReadonlyMap<string, ReadonlySet<string>>,
  from: string,
  to: string,
): boolean {
  return from === to || neighbours.get(from)?.has(to) === true;
}

/** Every key's neighbours on any of zxcvbn's keyboards, both directions. */
function neighboursOf(graphs: ZxcvbnData['graphs']): Map<string, Set<string>> {
  const neighbours = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    let set = neighbours.get(from);
    if (!set) {
      set = new Set();
      neighbours.set(from, set);
    }
    set.add(to);
  };
  for (const graph of Object.values(graphs)) {
    for (const [key, adjacent] of Object.entries(graph)) {
      for (const keys of adjacent) {
        for (const near of keys ?? '') {
          link(key, near);
          link(near, key);
        }
      }
    }
  }
  return neighbours;
}

interface ProofLists {
  words: SortedWords;
  sequenceWords: SortedWords;
  subs: Substitution[];
  neighbours: Map<string, Set<string>>;
}

/** Builds the proof from zxcvbn's own data (sorting its 250,000 words once: about a second in a worker). */
export function createNotWeakProof(
  data: Pick<ZxcvbnData, 'dictionary' | 'graphs' | 'l33tTable' | 'isWordSequence'>,
): NotWeakProof {
  const sequenceNames = Object.keys(data.dictionary).filter((name) => data.isWordSequence(name));
  const lists: ProofLists = {
    words: bothWays(Object.values(data.dictionary).flat()),
    sequenceWords: bothWays(sequenceNames.flatMap((name) => data.dictionary[name] ?? [])),
    subs: substitutionsOf(data.l33tTable as Record<string, readonly string[]>),
    neighbours: neighboursOf(data.graphs),
  };
  return (password, userInputs) => {
    const n = password.length;
    if (n < PROOF_MIN_LENGTH || n > PROOF_MAX_LENGTH || SURROGATE.test(password)) return false;
    const userWords = bothWays(userInputs);
    const lower = password.toLowerCase();
    // A character whose lowercase is longer ('İ') would shift every index below: left to zxcvbn.
    if (lower.length !== n) return false;
    const forward = patternPrefixes(password, lower, lists, userWords);
    const back = reversed(password);
    // Suffixes are the prefixes of the reversed password (every test above reads both ways).
    const backward = forward && patternPrefixes(back, back.toLowerCase(), lists, userWords);
    if (!forward || !backward) return false;
    if (forward[n]) return false;
    for (let k = 1; k < n; k += 1) {
      const first = k <= BRUTE_FORCE_PIECE_MAX || forward[k] === true;
      const rest = n - k <= BRUTE_FORCE_PIECE_MAX || backward[n - k] === true;
      if (first && rest) return false;
    }
    return true;
  };
}
