import type { Chest, GenesisOwner, Team, UserRow } from '@coffer/core';
import { foldTrustLog, publicKeyFingerprint } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import type { TrustRecord } from '../keys/key-trust.js';
import { migrationChanges, signOrganisationRecordStart } from './start-trust-log.js';

// The owner's start of the record: who is admitted (only keys this browser trusts, as the server holds
// them now) and the snapshot of teams, assignments and managers among them, signed and folding.

const ORG = testId('org', 1);
const [TEAM, OTHER_TEAM] = [testId('team', 1), testId('team', 2)];
const CHEST = testId('chest', 1);
let owner: TestSigner;
let ada: TestSigner;
let bob: TestSigner;
let cy: TestSigner;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  ada = await freshSigner(testId('user', 2));
  bob = await freshSigner(testId('user', 3));
  cy = await freshSigner(testId('user', 4));
}, 30_000);

const row = (signer: TestSigner, administrator = false) =>
  ({
    id: signer.id,
    email: `${signer.id}@example.com`,
    administrator,
    public_key: signer.publicKey,
  }) as UserRow;
const record = (
  signer: TestSigner,
  origin: TrustRecord['origin'],
  fingerprint = signer.fingerprint,
): TrustRecord => ({
  userId: signer.id,
  fingerprint,
  origin,
  trustedAt: '2026-12-07T09:00:00.000Z',
});

describe('starting the organisation record', () => {
  it('admits the trusted people with today’s keys, and snapshots their teams and chests', async () => {
    const genesisOwner: GenesisOwner = {
      id: owner.id,
      email: 'owner@example.com',
      publicKey: owner.publicKey,
      organisationId: ORG,
      organisationName: 'Acme',
    };
    const rows = {
      users: [row(owner, true), row(ada, true), row(bob), row(cy)],
      teams: [
        {
          id: TEAM,
          memberships: [
            { id: 'm1', team_id: TEAM, user_id: ada.id, edit_access: true },
            { id: 'm2', team_id: TEAM, user_id: cy.id, edit_access: false },
          ],
        },
        {
          id: OTHER_TEAM,
          memberships: [{ id: 'm3', team_id: OTHER_TEAM, user_id: cy.id, edit_access: true }],
        },
      ] as Team[],
      chests: [
        {
          id: CHEST,
          assignments: [{ id: 'a1', vault_id: CHEST, team_id: TEAM, edit_access: false }],
          users: [
            { id: bob.id, manager: true, administrator: false },
            { id: cy.id, manager: true, administrator: false },
          ],
        },
      ] as Chest[],
    };
    const trusted = [
      record(ada, 'confirmed'),
      record(bob, 'created'),
      // Cy's key changed since it was trusted here: Cy waits to be confirmed again.
      record(cy, 'endorsed', await publicKeyFingerprint(ada.publicKey)),
    ];
    const origin = async (userId: string, publicKey: string) => {
      const found = trusted.find((one) => one.userId === userId);
      return found && found.fingerprint === (await publicKeyFingerprint(publicKey)) ? found.origin : null;
    };
    const changes = await migrationChanges(genesisOwner, origin, rows);
    expect(changes.admits.map(({ user, admin, how }) => [user, admin, how])).toEqual([
      [ada.id, true, 'confirmed'],
      [bob.id, false, 'created'],
    ]);
    expect(changes.snapshot.teams).toEqual([
      { team: TEAM, members: [{ user: ada.id, edit: true }] },
      { team: OTHER_TEAM, members: [] },
    ]);
    expect(changes.snapshot.chests).toEqual([
      { chest: CHEST, teams: [{ team: TEAM, edit: false }], managers: [bob.id] },
    ]);

    const entries = await signOrganisationRecordStart(genesisOwner, owner.signingKey, changes);
    expect(entries.map(({ entry }) => entry.op)).toEqual(['genesis', 'admit', 'admit', 'snapshot']);
    const state = await foldTrustLog(entries);
    expect([...state.users.keys()].sort()).toEqual([owner.id, ada.id, bob.id].sort());
    expect(state.users.get(bob.id)?.keyOrigin).toBe('created');
    expect(state.chests.get(CHEST)?.managers).toEqual(new Set([bob.id]));
  });
});
