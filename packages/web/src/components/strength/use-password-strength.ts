import { scoreToStrength } from '@coffer/core';
import { useEffect, useMemo, useState } from 'react';
import type { StrengthScorer } from './strength-scorer.js';
import { loadStrengthScorer } from './strength-scorer.js';

// One shared empty list, so the memoised score is not recomputed for a fresh default on each render.
const NO_INPUTS: readonly string[] = [];

/**
 * The spec's strength (1–5) of a password, from zxcvbn's 0–4 score; null while the password is
 * empty or the scorer is still loading (or failed to load). zxcvbn is slow on long inputs, so the
 * score is memoised: pass a stable `userInputs` (useMemo) to keep it from being recomputed.
 */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[] = NO_INPUTS,
): number | null {
  const [scorer, setScorer] = useState<StrengthScorer | null>(null);

  useEffect(() => {
    if (scorer || password === '') return;
    let active = true;
    loadStrengthScorer()
      .then((loaded) => {
        if (active) setScorer(() => loaded);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [scorer, password]);

  return useMemo(() => {
    if (!scorer || password === '') return null;
    return scoreToStrength(scorer(password, userInputs));
  }, [scorer, password, userInputs]);
}
