import { sessionCleared } from '../lib/clear-session.js';

// Highest revision seen per secret, in memory only (crypto.md: warn when the server serves an older one).
const highest = new Map<string, number>();

/**
 * Records a revision the server served or this client saved. Answers the higher revision seen
 * before when this one is older (a replayed old version), else null.
 */
export function recordRevision(secretId: string, revision: number): number | null {
  const seen = highest.get(secretId);
  if (seen !== undefined && revision < seen) return seen;
  highest.set(secretId, revision);
  return null;
}

/** The highest revision seen of a secret, if any. */
export function highestRevision(secretId: string): number | undefined {
  return highest.get(secretId);
}

/** Forgets every revision (a new session starts from nothing). */
export function forgetRevisions(): void {
  highest.clear();
}

sessionCleared.subscribe(forgetRevisions);
