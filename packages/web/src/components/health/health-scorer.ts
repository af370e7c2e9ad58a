import { loadStrengthScorer } from '../strength/strength-scorer.js';
import { loadZxcvbnData } from '../strength/zxcvbn-data.js';
import { createNotWeakProof } from './not-weak-proof.js';

/** The score a record keeps when the not-weak proof spared zxcvbn: "3 or more", not weak. */
export const PROVED_NOT_WEAK_SCORE = 3;

/** A password's zxcvbn score for the health check (0–4; 3 standing for "at least 3" when proved). */
export type HealthScorer = (password: string, userInputs: readonly string[]) => number;

let loading: Promise<HealthScorer> | undefined;

/**
 * zxcvbn behind the not-weak proof (not-weak-proof.ts): a password the proof clears is not scored
 * (tens of milliseconds each for long random ones), the rest are. Only "weak or not" and the weak
 * scores are read of a record, so the two agree on every finding.
 */
export function loadHealthScorer(): Promise<HealthScorer> {
  loading ??= (async () => {
    const [data, scorer] = await Promise.all([loadZxcvbnData(), loadStrengthScorer()]);
    const proof = createNotWeakProof(data);
    return (password: string, userInputs: readonly string[]) =>
      proof(password, userInputs) ? PROVED_NOT_WEAK_SCORE : scorer(password, userInputs);
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
