import type { TrustState } from '@coffer/core';
import { endorseKeyRotation, foldTrustLog } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import type { MembershipIntent } from './membership-intent.js';
import { signKeyRotation, signTrustIntents, TrustChangeRefused } from './sign-trust-changes.js';

// What an administrator's browser signs for a membership call: only the difference from the verified
// state, each entry folded (core's fold) before the next intent is judged, refused before sending
// when the log would refuse it.

const ORG = testId('org', 1);
const TEAM = testId('team', 1);
const CHEST = testId('chest', 1);
let owner: TestSigner;
let ada: TestSigner;
let bob: TestSigner;
let state: TrustState;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  ada = await freshSigner(testId('user', 2));
  bob = await freshSigner(testId('user', 3));
  const log = new TrustLogBuilder(ORG);
  await log.start(owner, [[ada, 'ada']]);
  await log.append(owner, {
    op: 'team_member',
    body: { team: TEAM, user: ada.id, edit: false, present: true },
  });
  state = await foldTrustLog(log.entries);
}, 30_000);

const asOwner = () => ({ userId: owner.id, signingKey: owner.signingKey });

describe('signTrustIntents', () => {
  it('signs only what changes, chained after the head, and the entries fold', async () => {
    const intents: MembershipIntent[] = [
      { kind: 'member', team: TEAM, user: ada.id, edit: false }, // already so: nothing
      { kind: 'assignment', chest: CHEST, team: TEAM, edit: true },
      { kind: 'member', team: TEAM, user: ada.id, edit: true },
    ];
    const entries = await signTrustIntents(state, asOwner(), intents);
    expect(entries.map(({ entry }) => [entry.seq, entry.op])).toEqual([
      [state.seq + 1, 'chest_team'],
      [state.seq + 2, 'team_member'],
    ]);
    expect(entries[0]?.entry.prev).toBe(state.head);
    const after = await foldTrustLog(entries, state);
    expect(after.chests.get(CHEST)?.teams.get(TEAM)).toBe(true);
    expect(after.teams.get(TEAM)?.get(ada.id)).toBe(true);
  });

  it('admits a new user and then places them in a team in one call', async () => {
    const entries = await signTrustIntents(state, asOwner(), [
      {
        kind: 'admitted',
        user: bob.id,
        email: 'bob@example.com',
        publicKey: bob.publicKey,
        admin: false,
        how: 'created',
      },
      { kind: 'member', team: TEAM, user: bob.id, edit: false },
    ]);
    expect(entries.map(({ entry }) => entry.op)).toEqual(['admit', 'team_member']);
  });

  it('leaves out users the log has not admitted: they are nobody to the browsers', async () => {
    const entries = await signTrustIntents(state, asOwner(), [
      { kind: 'member', team: TEAM, user: bob.id, edit: true },
      { kind: 'removed', user: bob.id },
    ]);
    expect(entries).toEqual([]);
  });

  it('ends a deleted chest’s assignments and managers', async () => {
    const [assigned] = await signTrustIntents(state, asOwner(), [
      { kind: 'assignment', chest: CHEST, team: TEAM, edit: false },
    ]);
    const withChest = await foldTrustLog([assigned as never], state);
    const entries = await signTrustIntents(withChest, asOwner(), [{ kind: 'chest-deleted', chest: CHEST }]);
    expect(entries.map(({ entry }) => entry.body)).toEqual([
      { chest: CHEST, team: TEAM, edit: false, present: false },
    ]);
  });

  it('refuses, before sending, what the log would refuse', async () => {
    const asAda = { userId: ada.id, signingKey: ada.signingKey };
    await expect(
      signTrustIntents(state, asAda, [{ kind: 'member', team: TEAM, user: owner.id, edit: true }]),
    ).rejects.toThrow(new TrustChangeRefused('Only an administrator may change a team.'));
    await expect(
      signTrustIntents(state, { userId: bob.id, signingKey: bob.signingKey }, [
        { kind: 'removed', user: ada.id },
      ]),
    ).rejects.toBeInstanceOf(TrustChangeRefused);
  });
});

describe('signKeyRotation', () => {
  it('is signed with the new key, which the fold checks against the endorsement', async () => {
    const next = await freshSigner(ada.id);
    // A forged endorsement: the fold refuses the rotation before anything is sent.
    await expect(
      signKeyRotation(state, ada.id, {
        publicKey: next.publicKey,
        endorsement: 'AAAA',
        signingKey: next.signingKey,
      }),
    ).rejects.toThrow(/not endorsed/);
    const endorsement = await endorseKeyRotation(ada.signingKey, {
      userId: ada.id,
      publicKey: next.publicKey,
    });
    const signed = await signKeyRotation(state, ada.id, {
      publicKey: next.publicKey,
      endorsement,
      signingKey: next.signingKey,
    });
    expect(signed.entry.actor_fp).toBe(next.fingerprint);
    expect((await foldTrustLog([signed], state)).users.get(ada.id)?.fingerprint).toBe(next.fingerprint);
  });
});
