import type { TrustState } from '@coffer/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { verifiedLog } from '../test/verified-log.js';
import { logTrustRule } from './log-trust-rule.js';
import { raiseTrustLogAlarm, resetTrustLogView, trustLogStore } from './trust-log-store.js';

// A key is trusted when the verified log binds the person, active, to exactly that key.

let ada: TestSigner;
let other: TestSigner;

beforeAll(async () => {
  ada = await freshSigner(testId('user', 2));
  other = await freshSigner(testId('user', 3));
}, 30_000);
afterEach(resetTrustLogView);

function withLog(active: boolean) {
  const state = {
    org: 'o',
    users: new Map([
      [
        ada.id,
        {
          id: ada.id,
          email: 'ada@example.com',
          publicKey: ada.publicKey,
          fingerprint: ada.fingerprint,
          keyOrigin: 'confirmed',
          admin: false,
          active,
        },
      ],
    ]),
  } as unknown as TrustState;
  trustLogStore.set((view) => ({ ...view, synced: true, log: verifiedLog(state) }));
}

describe('logTrustRule', () => {
  it('trusts the key the log binds, and no other', async () => {
    withLog(true);
    expect(await logTrustRule().isTrusted(ada.id, ada.publicKey)).toBe(true);
    expect(await logTrustRule().isTrusted(ada.id, other.publicKey)).toBe(false);
    expect(await logTrustRule().isTrusted(other.id, other.publicKey)).toBe(false);
  });

  it('trusts nobody the log removed, nothing without a log, and nothing under an alarm', async () => {
    withLog(false);
    expect(await logTrustRule().isTrusted(ada.id, ada.publicKey)).toBe(false);
    resetTrustLogView();
    expect(await logTrustRule().isTrusted(ada.id, ada.publicKey)).toBe(false);
    withLog(true);
    raiseTrustLogAlarm('rollback', 'rolled back');
    expect(await logTrustRule().isTrusted(ada.id, ada.publicKey)).toBe(false);
  });
});
