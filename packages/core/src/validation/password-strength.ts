// Password strength: zxcvbn's 0–4 score shown as the spec's 1–5 on a five-bar meter.
import { STRENGTH_MAX } from '../constants/length-constants.js';

/** The meter's colour. */
export type StrengthColour = 'red' | 'amber' | 'green';

/** Maps a zxcvbn score (0–4) to the spec's strength (1–5); anything unreadable is 1. */
export function scoreToStrength(score: number): number {
  if (!Number.isFinite(score)) return 1;
  return Math.min(STRENGTH_MAX, Math.max(1, Math.round(score) + 1));
}

/** Colour of the meter for a strength: 1 or less red, 2 to 3 amber, above 3 green. */
export function strengthColour(strength: number): StrengthColour {
  if (!(strength > 1)) return 'red';
  if (strength <= 3) return 'amber';
  return 'green';
}

/** Whether a strength is one a secret may carry (an integer 1–5). */
export function isValidStrength(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= STRENGTH_MAX;
}
