import { beforeAll, describe, expect, it } from 'vitest';
import { foldTrustLog } from './fold-trust-log.js';
import { signEntryAfter, signTrustLogStart, snapshotOfRows } from './sign-trust-start.js';
import { freshSigner, type TestSigner, testId } from './testing/trust-log-builder.js';
import { isTrustLogError } from './trust-log-error.js';

// The start of an organisation's log as its owner signs it, and the snapshot read from the rows:
// members, assignments and managers among the admitted people only.

const ORG = testId('org', 1);
const TEAM = testId('team', 1);
const CHEST = testId('chest', 1);
let owner: TestSigner;
let ada: TestSigner;
let stranger: TestSigner;

beforeAll(async () => {
  [owner, ada, stranger] = (await Promise.all([1, 2, 3].map((n) => freshSigner(testId('user', n))))) as [
    TestSigner,
    TestSigner,
    TestSigner,
  ];
}, 60_000);

const rows = () => ({
  teams: [
    {
      id: TEAM,
      memberships: [
        { user_id: owner.id, edit_access: true },
        { user_id: ada.id, edit_access: false },
        { user_id: stranger.id, edit_access: true },
      ],
    },
  ],
  chests: [
    {
      id: CHEST,
      assignments: [{ team_id: TEAM, edit_access: true }],
      users: [
        { id: ada.id, manager: true },
        { id: stranger.id, manager: true },
      ],
    },
  ],
});

describe('the start of a trust log', () => {
  it('reads the snapshot among the admitted people only', () => {
    const snapshot = snapshotOfRows(rows() as never, new Set([owner.id, ada.id]));
    expect(snapshot).toEqual({
      teams: [
        {
          team: TEAM,
          members: [
            { user: owner.id, edit: true },
            { user: ada.id, edit: false },
          ],
        },
      ],
      chests: [{ chest: CHEST, teams: [{ team: TEAM, edit: true }], managers: [ada.id] }],
    });
  });

  it('signs genesis, the admissions and the snapshot into a log every reader folds', async () => {
    const genesisOwner = {
      id: owner.id,
      email: 'owner@coffer.test',
      publicKey: owner.publicKey,
      organisationId: ORG,
      organisationName: 'Office',
    };
    const admitted = new Set([owner.id, ada.id]);
    const admits = [
      {
        user: ada.id,
        email: 'ada@coffer.test',
        public_key: ada.publicKey,
        admin: false,
        how: 'created' as const,
      },
    ];
    const entries = await signTrustLogStart(genesisOwner, owner.signingKey, {
      admits,
      snapshot: snapshotOfRows(rows() as never, admitted),
    });
    expect(entries.map((signed) => signed.entry.op)).toEqual(['genesis', 'admit', 'snapshot']);
    const state = await foldTrustLog(entries);
    expect(state.teams.get(TEAM)?.get(ada.id)).toBe(false);
    expect(state.chests.get(CHEST)?.managers).toEqual(new Set([ada.id]));
    // The next entry, by someone the log does not hold, is refused by the fold before it is sent.
    const error = await signEntryAfter(
      state,
      { userId: stranger.id, fingerprint: stranger.fingerprint, signingKey: stranger.signingKey },
      { op: 'team_member', body: { team: TEAM, user: ada.id, edit: true, present: true } },
    ).catch((caught: unknown) => caught);
    expect(isTrustLogError(error)).toBe(true);
  }, 30_000);
});
