import { scoreToStrength } from '@coffer/core';
import { useEffect, useState } from 'react';
import type { StrengthScorer } from './strength-scorer.js';
import { loadStrengthScorer } from './strength-scorer.js';

/**
 * The spec's strength (1–5) of a password, from zxcvbn's 0–4 score; null while the password is
 * empty or the scorer is still loading (or failed to load).
 */
export function usePasswordStrength(password: string, userInputs: readonly string[] = []): number | null {
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

  if (!scorer || password === '') return null;
  return scoreToStrength(scorer(password, userInputs));
}
