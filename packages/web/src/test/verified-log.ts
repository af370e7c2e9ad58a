import type { TrustState } from '@coffer/core';
import type { VerifiedTrustLog } from '../trust-log/sync-trust-log.js';

/**
 * A verified log that knows only its latest state, for tests that set the trust log store directly;
 * tests that need past states fold a history (trust-state-history.ts).
 */
export function verifiedLog(state: TrustState, genesis = 'g'): VerifiedTrustLog {
  return {
    state,
    genesis,
    confirmed: true,
    async stateAt(seq) {
      if (seq !== state.seq) throw new RangeError(`This test's log holds only entry ${state.seq}.`);
      return state;
    },
  };
}
