import { beforeAll, describe, expect, it } from 'vitest';
import { endorseKeyRotation } from '../crypto/key-rotation.js';
import cofferJson from '../crypto/vectors/coffer-suite1.json' with { type: 'json' };
import referenceJson from '../crypto/vectors/reference-suite1.json' with { type: 'json' };
import { foldTrustLog } from './fold-trust-log.js';
import {
  expectRefusal,
  freshSigner,
  signerFromPkcs8,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from './testing/trust-log-builder.js';
import type { TrustChange } from './trust-entry.js';
import { readers } from './trust-readers.js';
import type { TrustState } from './trust-state.js';

// The authority rules one by one, on a small organisation: the owner Olga, administrator Ada, member
// Max; Nia is never admitted. Each refusal names its reason and leaves the state as it was.

let olga: TestSigner;
let ada: TestSigner;
let max: TestSigner;
let nia: TestSigner;
let builder: TrustLogBuilder;
let state: TrustState;
const TEAM = testId('team', 1);
const CHEST = testId('chest', 1);

beforeAll(async () => {
  olga = await signerFromPkcs8(
    testId('user', 1),
    cofferJson.key_pair.public_key,
    cofferJson.key_pair.private_key_pkcs8_b64,
  );
  ada = await signerFromPkcs8(
    testId('user', 2),
    referenceJson.key_pair.public_key,
    referenceJson.key_pair.private_key_pkcs8_b64,
  );
  [max, nia] = (await Promise.all([freshSigner(testId('user', 3)), freshSigner(testId('user', 4))])) as [
    TestSigner,
    TestSigner,
  ];
  builder = new TrustLogBuilder(testId('org', 1));
  const admit = (user: TestSigner, admin: boolean): TrustChange => ({
    op: 'admit',
    body: { user: user.id, email: 'someone@coffer.test', public_key: user.publicKey, admin, how: 'created' },
  });
  await builder.append(olga, {
    op: 'genesis',
    body: { name: 'Coffer', email: 'olga@coffer.test', public_key: olga.publicKey },
  });
  await builder.append(olga, admit(ada, true));
  await builder.append(ada, admit(max, false));
  await builder.append(ada, {
    op: 'team_member',
    body: { team: TEAM, user: max.id, edit: false, present: true },
  });
  await builder.append(ada, {
    op: 'chest_team',
    body: { chest: CHEST, team: TEAM, edit: false, present: true },
  });
  state = await foldTrustLog(builder.entries);
}, 120_000);

async function expectNext(
  signer: TestSigner,
  change: TrustChange,
  kind: Parameters<typeof expectRefusal>[1],
  message?: RegExp,
) {
  const error = await expectRefusal(foldTrustLog([await builder.next(signer, change)], state), kind);
  if (message) expect(error.message).toMatch(message);
  expect(state.seq).toBe(4);
  return error;
}

describe('the authority rules', () => {
  it('start from the small organisation', () => {
    expect([...readers(state, CHEST, false)].sort()).toEqual([olga.id, ada.id, max.id].sort());
    expect([...readers(state, CHEST, true)].sort()).toEqual([olga.id, ada.id].sort());
    expect(state.users.get(max.id)?.keyOrigin).toBe('created');
  });

  it('never remove or demote the last administrator', async () => {
    const solo = new TrustLogBuilder(builder.org);
    await solo.adopt(builder.entries.slice(0, 1));
    await solo.append(olga, { op: 'chest_manager', body: { chest: CHEST, user: olga.id, present: true } });
    const one = await foldTrustLog(solo.entries);
    for (const change of [
      { op: 'role', body: { user: olga.id, admin: false } },
      { op: 'remove', body: { user: olga.id } },
    ] as const) {
      const error = await expectRefusal(foldTrustLog([await solo.next(olga, change)], one), 'refused');
      expect(error.message).toBe('The last administrator cannot be removed.');
    }
  });

  it('let administrators only admit, assign, manage, remove and change roles', async () => {
    const changes: TrustChange[] = [
      {
        op: 'admit',
        body: {
          user: nia.id,
          email: 'nia@coffer.test',
          public_key: nia.publicKey,
          admin: false,
          how: 'confirmed',
        },
      },
      { op: 'team_member', body: { team: TEAM, user: max.id, edit: true, present: true } },
      { op: 'team_delete', body: { team: TEAM } },
      { op: 'chest_team', body: { chest: CHEST, team: TEAM, edit: true, present: true } },
      { op: 'chest_manager', body: { chest: CHEST, user: max.id, present: true } },
      { op: 'role', body: { user: max.id, admin: true } },
      { op: 'remove', body: { user: ada.id } },
      { op: 'reset', body: { user: ada.id, public_key: nia.publicKey } },
    ];
    for (const change of changes)
      await expectNext(max, change, 'unauthorised', /^Only an administrator may /);
  });

  it('let only the owner transfer ownership or sign a snapshot, and only to another administrator', async () => {
    await expectNext(ada, { op: 'owner', body: { user: ada.id } }, 'unauthorised', /Only the owner/);
    await expectNext(
      ada,
      { op: 'snapshot', body: { teams: [], chests: [] } },
      'unauthorised',
      /Only the owner/,
    );
    await expectNext(
      olga,
      { op: 'owner', body: { user: max.id } },
      'refused',
      /another user flagged administrator/,
    );
    await expectNext(olga, { op: 'owner', body: { user: olga.id } }, 'refused');
    const moved = await foldTrustLog(
      [await builder.next(olga, { op: 'owner', body: { user: ada.id } })],
      state,
    );
    expect(moved.owner).toBe(ada.id);
    expect(moved.users.get(olga.id)?.admin).toBe(true);
  });

  it('refuse changes on oneself or the owner, as the server’s user policy does', async () => {
    await expectNext(ada, { op: 'role', body: { user: ada.id, admin: false } }, 'refused');
    await expectNext(ada, { op: 'role', body: { user: olga.id, admin: false } }, 'refused');
    await expectNext(ada, { op: 'remove', body: { user: olga.id } }, 'refused');
    await expectNext(ada, { op: 'remove', body: { user: ada.id } }, 'refused');
    await expectNext(ada, { op: 'reset', body: { user: olga.id, public_key: nia.publicKey } }, 'refused');
  });

  it('admit a user id once, and bind a key no other member holds', async () => {
    await expectNext(
      ada,
      {
        op: 'admit',
        body: {
          user: max.id,
          email: 'm@coffer.test',
          public_key: nia.publicKey,
          admin: false,
          how: 'invited',
        },
      },
      'refused',
    );
    await expectNext(
      ada,
      {
        op: 'admit',
        body: {
          user: nia.id,
          email: 'n@coffer.test',
          public_key: max.publicKey,
          admin: false,
          how: 'invited',
        },
      },
      'refused',
    );
    await expectNext(
      ada,
      { op: 'reset', body: { user: max.id, public_key: ada.publicKey } },
      'refused',
      /another member/,
    );
    const endorsement = await endorseKeyRotation(max.signingKey, {
      userId: max.id,
      publicKey: ada.publicKey,
    });
    const asMaxWithAdasKey = { ...ada, id: max.id };
    const rotation: TrustChange = {
      op: 'key',
      body: { user: max.id, public_key: ada.publicKey, endorsement },
    };
    await expectNext(asMaxWithAdasKey, rotation, 'refused', /another member/);
  });

  it('refuse entries that name users who are not active members', async () => {
    await expectNext(
      ada,
      { op: 'team_member', body: { team: TEAM, user: nia.id, edit: false, present: true } },
      'refused',
    );
    await expectNext(
      ada,
      { op: 'chest_manager', body: { chest: CHEST, user: nia.id, present: true } },
      'refused',
    );
    await expectNext(
      olga,
      {
        op: 'snapshot',
        body: { teams: [{ team: TEAM, members: [{ user: nia.id, edit: true }] }], chests: [] },
      },
      'refused',
    );
    await expectNext(
      nia,
      { op: 'team_member', body: { team: TEAM, user: nia.id, edit: false, present: true } },
      'unauthorised',
      /not an active member/,
    );
  });

  it('end a removed user’s reading, and never admit the id again', async () => {
    const removed = await foldTrustLog(
      [await builder.next(ada, { op: 'remove', body: { user: max.id } })],
      state,
    );
    expect([...readers(removed, CHEST, false)].sort()).toEqual([olga.id, ada.id].sort());
    expect(removed.users.get(max.id)).toMatchObject({ active: false, admin: false });
    const again = new TrustLogBuilder(state.org);
    await again.adopt(builder.entries);
    await again.append(ada, { op: 'remove', body: { user: max.id } });
    const folded = await foldTrustLog(again.entries);
    const admitAgain = {
      op: 'admit',
      body: { user: max.id, email: 'm@coffer.test', public_key: nia.publicKey, admin: false, how: 'invited' },
    } as const;
    await expectRefusal(foldTrustLog([await again.next(ada, admitAgain)], folded), 'refused');
  });

  it('rotate a key only when the user signs with the new key and the old key endorses it', async () => {
    const endorsement = await endorseKeyRotation(max.signingKey, {
      userId: max.id,
      publicKey: nia.publicKey,
    });
    const rotation: TrustChange = {
      op: 'key',
      body: { user: max.id, public_key: nia.publicKey, endorsement },
    };
    const asMax = { ...nia, id: max.id };
    const rotated = await foldTrustLog([await builder.next(asMax, rotation)], state);
    expect(rotated.users.get(max.id)).toMatchObject({
      fingerprint: nia.fingerprint,
      keyOrigin: 'rotated',
      active: true,
    });
    // Signed with the old key instead of the new one.
    await expectNext(max, rotation, 'signature');
    // Endorsed by another key than the one the log holds for the user.
    const forged = await endorseKeyRotation(ada.signingKey, { userId: max.id, publicKey: nia.publicKey });
    await expectNext(
      asMax,
      { op: 'key', body: { ...rotation.body, endorsement: forged } } as TrustChange,
      'signature',
      /not endorsed/,
    );
    // Someone else rotating Max's key.
    await expectNext(
      ada,
      { op: 'key', body: { user: max.id, public_key: ada.publicKey, endorsement } },
      'unauthorised',
    );
  });

  it('re-admit a reset user with the key the administrator made, and say so', async () => {
    const reset = await foldTrustLog(
      [await builder.next(ada, { op: 'reset', body: { user: max.id, public_key: nia.publicKey } })],
      state,
    );
    expect(reset.users.get(max.id)).toMatchObject({
      fingerprint: nia.fingerprint,
      keyOrigin: 'reset',
      active: true,
    });
    expect(readers(reset, CHEST, false).has(max.id)).toBe(true);
  });

  it('refuse an actor_fp that is not the signer’s, and a genesis not signed by its own key', async () => {
    const signed = await builder.next(
      ada,
      { op: 'team_member', body: { team: TEAM, user: max.id, edit: true, present: true } },
      { actor_fp: olga.fingerprint },
    );
    await expectRefusal(foldTrustLog([signed], state), 'signature');
    const genesis = await new TrustLogBuilder(testId('org', 2)).next(
      ada,
      { op: 'genesis', body: { name: 'X', email: 'x@coffer.test', public_key: olga.publicKey } },
      { actor_fp: olga.fingerprint },
    );
    await expectRefusal(foldTrustLog([genesis]), 'signature');
    await expectRefusal(foldTrustLog([]), 'sequence');
    await expectRefusal(foldTrustLog(builder.entries.slice(1)), 'sequence');
  });
});
