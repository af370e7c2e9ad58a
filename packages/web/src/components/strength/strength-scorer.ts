import { loadZxcvbnData } from './zxcvbn-data.js';

/** Scores a password 0–4 (zxcvbn); `userInputs` are words the user typed elsewhere (name, e-mail). */
export type StrengthScorer = (password: string, userInputs?: readonly string[]) => number;

let loading: Promise<StrengthScorer> | undefined;

/** Loads zxcvbn and its dictionaries on first use (zxcvbn-data.ts); later calls share the same promise. */
export function loadStrengthScorer(): Promise<StrengthScorer> {
  loading ??= makeScorer().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function makeScorer(): Promise<StrengthScorer> {
  const { ZxcvbnFactory, dictionary, graphs, translations } = await loadZxcvbnData();
  const zxcvbn = new ZxcvbnFactory({
    // zxcvbn-ts tries up to 100 l33t readings of a password by default: about 0.5 s for a random
    // 24-character one on a busy machine, 68 ms with 10 (measured, docs/security-centre.md). The
    // password health check scores thousands, so fewer readings; common l33t words still match.
    l33tMaxSubstitutions: 10,
    translations,
    graphs,
    dictionary,
  });
  return (password, userInputs = []) => zxcvbn.check(password, [...userInputs]).score;
}
