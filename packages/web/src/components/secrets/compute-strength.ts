import { scoreToStrength } from '@coffer/core';
import { loadStrengthScorer } from '../strength/strength-scorer.js';

/** The strength (1–5) saved with a password secret; null when the scorer cannot load (saving still works). */
export async function computeStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<number | null> {
  if (password === '') return null;
  try {
    const score = await loadStrengthScorer();
    return scoreToStrength(score(password, userInputs));
  } catch {
    return null;
  }
}
