import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { foldTrustLog } from './fold-trust-log.js';
import { freshSigner, type TestSigner, TrustLogBuilder, testId } from './testing/trust-log-builder.js';
import type { TrustChange } from './trust-entry.js';
import { projectTrustRows, trustProjection } from './trust-projection.js';

// The one projection of who reads (issue 30): from the folded log and from rows, the same text.

let olga: TestSigner;
let ada: TestSigner;
let max: TestSigner;
const TEAM = testId('team', 1);
const EMPTY_TEAM = testId('team', 2);
const CHEST = testId('chest', 1);
const OTHER_CHEST = testId('chest', 2);

beforeAll(async () => {
  [olga, ada, max] = await Promise.all([1, 2, 3].map((n) => freshSigner(testId('user', n))));
}, 60_000);

const admit = (user: TestSigner, admin: boolean): TrustChange => ({
  op: 'admit',
  body: { user: user.id, email: 'someone@coffer.test', public_key: user.publicKey, admin, how: 'created' },
});

async function builtLog() {
  const builder = new TrustLogBuilder(testId('org', 1));
  await builder.append(olga, {
    op: 'genesis',
    body: { name: 'Coffer', email: 'olga@coffer.test', public_key: olga.publicKey },
  });
  await builder.append(olga, admit(max, false));
  await builder.append(olga, admit(ada, true));
  await builder.append(ada, {
    op: 'team_member',
    body: { team: TEAM, user: max.id, edit: true, present: true },
  });
  await builder.append(ada, {
    op: 'team_member',
    body: { team: TEAM, user: ada.id, edit: false, present: true },
  });
  await builder.append(ada, {
    op: 'chest_team',
    body: { chest: CHEST, team: TEAM, edit: false, present: true },
  });
  await builder.append(ada, {
    op: 'chest_team',
    body: { chest: CHEST, team: EMPTY_TEAM, edit: true, present: true },
  });
  await builder.append(ada, { op: 'chest_manager', body: { chest: CHEST, user: max.id, present: true } });
  await builder.append(ada, {
    op: 'chest_manager',
    body: { chest: OTHER_CHEST, user: max.id, present: true },
  });
  await builder.append(ada, {
    op: 'chest_manager',
    body: { chest: OTHER_CHEST, user: max.id, present: false },
  });
  return builder;
}

describe('trustProjection', () => {
  it('is the owner, active users, non-empty teams and chests, sorted', async () => {
    const state = await foldTrustLog((await builtLog()).entries);
    const projection = trustProjection(state);
    expect(projection).toEqual({
      owner: olga.id,
      users: {
        [olga.id]: { admin: true, public_key: olga.publicKey },
        [ada.id]: { admin: true, public_key: ada.publicKey },
        [max.id]: { admin: false, public_key: max.publicKey },
      },
      teams: { [TEAM]: { [max.id]: true, [ada.id]: false } },
      chests: { [CHEST]: { teams: { [TEAM]: false, [EMPTY_TEAM]: true }, managers: [max.id] } },
    });
    // Already canonical: JSON.stringify and canonicalJson give the same text.
    expect(JSON.stringify(projection)).toBe(canonicalJson(projection));
  });

  it('equals the projection of the same rows given in any order', async () => {
    const state = await foldTrustLog((await builtLog()).entries);
    const rows = projectTrustRows({
      owner: olga.id,
      users: [max, ada, olga].map((user) => ({
        id: user.id,
        admin: user !== max,
        public_key: user.publicKey,
      })),
      memberships: [
        { team: TEAM, user: ada.id, edit: false },
        { team: TEAM, user: max.id, edit: true },
      ],
      assignments: [
        { chest: CHEST, team: EMPTY_TEAM, edit: true },
        { chest: CHEST, team: TEAM, edit: false },
      ],
      managers: [{ chest: CHEST, user: max.id }],
    });
    expect(canonicalJson(rows)).toBe(canonicalJson(trustProjection(state)));
  });

  it('drops a removed user with their memberships and managements', async () => {
    const builder = await builtLog();
    await builder.append(ada, { op: 'remove', body: { user: max.id } });
    const projection = trustProjection(await foldTrustLog(builder.entries));
    expect(Object.keys(projection.users).sort()).toEqual([olga.id, ada.id].sort());
    expect(projection.teams).toEqual({ [TEAM]: { [ada.id]: false } });
    expect(projection.chests).toEqual({
      [CHEST]: { teams: { [TEAM]: false, [EMPTY_TEAM]: true }, managers: [] },
    });
  });
});
