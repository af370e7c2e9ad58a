import { POPULAR_MIN_ROWS } from '@coffer/core';

/**
 * The row that gets the 'popular' marker (spec sections 2 and 9): the first with the highest
 * positive score, and only once the table has at least 4 rows. Answers its index, or -1.
 */
export function popularRowIndex<T>(rows: readonly T[], score: ((row: T) => number) | undefined): number {
  if (!score || rows.length < POPULAR_MIN_ROWS) return -1;
  let best = -1;
  let bestScore = 0;
  rows.forEach((row, index) => {
    const value = score(row);
    if (value > bestScore) {
      best = index;
      bestScore = value;
    }
  });
  return best;
}
