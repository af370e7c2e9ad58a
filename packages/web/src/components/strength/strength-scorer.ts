/** Scores a password 0–4 (zxcvbn); `userInputs` are words the user typed elsewhere (name, e-mail). */
export type StrengthScorer = (password: string, userInputs?: readonly string[]) => number;

let loading: Promise<StrengthScorer> | undefined;

/**
 * Loads zxcvbn and its dictionaries on first use. They are large (about 800 kB), so they are
 * imported dynamically and stay out of the initial bundle; later calls share the same promise.
 */
export function loadStrengthScorer(): Promise<StrengthScorer> {
  loading ??= importScorer().catch((error: unknown) => {
    // A failed chunk load (offline, new release) may succeed on the next try.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function importScorer(): Promise<StrengthScorer> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    // zxcvbn-ts tries up to 100 l33t readings of a password by default: about 0.5 s for a random
    // 24-character one on a busy machine, 68 ms with 10 (measured, docs/security-centre.md). The
    // password health check scores thousands, so fewer readings; common l33t words still match.
    l33tMaxSubstitutions: 10,
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return (password, userInputs = []) => zxcvbn.check(password, [...userInputs]).score;
}
