import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access-context.js';
import {
  assignmentAccessLabel,
  canMoveSecret,
  canSeeChest,
  canSeeSecret,
  canWriteChest,
  canWriteSecret,
  chestAccessLabel,
  isChestManager,
} from './chest-access-policy.js';

const user = { id: 'u1', administrator: false };
const admin = { id: 'a1', administrator: true };

function context(overrides: Partial<AccessContext> = {}): AccessContext {
  return { user, chestId: 'c1', memberships: [], assignments: [], managers: [], ...overrides };
}

const member = (edit_access: boolean, team_id = 't1') => ({ user_id: 'u1', team_id, edit_access });
const assigned = (edit_access: boolean, team_id = 't1', vault_id = 'c1') => ({
  team_id,
  vault_id,
  edit_access,
});

describe('canSeeChest', () => {
  it('lets administrators see every chest', () => {
    expect(canSeeChest(context({ user: admin }))).toBe(true);
  });

  it('lets members of an assigned team see it', () => {
    expect(canSeeChest(context({ memberships: [member(false)], assignments: [assigned(false)] }))).toBe(true);
  });

  it('lets managers see it', () => {
    expect(canSeeChest(context({ managers: [{ user_id: 'u1', vault_id: 'c1' }] }))).toBe(true);
  });

  it('hides it from everyone else', () => {
    expect(canSeeChest(context())).toBe(false);
    // Assigned team the user is not in; the user's team assigned elsewhere; someone else's membership.
    expect(canSeeChest(context({ memberships: [member(true, 't2')], assignments: [assigned(true)] }))).toBe(
      false,
    );
    expect(
      canSeeChest(context({ memberships: [member(true)], assignments: [assigned(true, 't1', 'c2')] })),
    ).toBe(false);
    expect(
      canSeeChest(
        context({
          memberships: [{ user_id: 'u9', team_id: 't1', edit_access: true }],
          assignments: [assigned(true)],
        }),
      ),
    ).toBe(false);
    expect(canSeeChest(context({ managers: [{ user_id: 'u1', vault_id: 'c2' }] }))).toBe(false);
  });
});

describe('canWriteChest', () => {
  it('lets administrators and managers write', () => {
    expect(canWriteChest(context({ user: admin }))).toBe(true);
    expect(canWriteChest(context({ managers: [{ user_id: 'u1', vault_id: 'c1' }] }))).toBe(true);
    expect(isChestManager(context({ managers: [{ user_id: 'u1', vault_id: 'c1' }] }))).toBe(true);
  });

  it('needs edit access on both the membership and the assignment', () => {
    const write = (m: boolean, a: boolean) =>
      canWriteChest(context({ memberships: [member(m)], assignments: [assigned(a)] }));
    expect(write(true, true)).toBe(true);
    expect(write(true, false)).toBe(false);
    expect(write(false, true)).toBe(false);
    expect(write(false, false)).toBe(false);
  });

  it('does not mix one team’s membership with another team’s assignment', () => {
    const ctx = context({
      memberships: [member(true, 't1'), member(false, 't2')],
      assignments: [assigned(false, 't1'), assigned(true, 't2')],
    });
    expect(canSeeChest(ctx)).toBe(true);
    expect(canWriteChest(ctx)).toBe(false);
  });
});

describe('secrets', () => {
  const writer = context({ memberships: [member(true)], assignments: [assigned(true)] });

  it('shows hidden secrets to administrators only', () => {
    expect(canSeeSecret({ ...writer, hidden: true })).toBe(false);
    expect(canWriteSecret({ ...writer, hidden: true })).toBe(false);
    expect(canSeeSecret({ ...context({ user: admin }), hidden: true })).toBe(true);
    expect(canSeeSecret({ ...writer, hidden: false })).toBe(true);
    expect(canSeeSecret({ ...context(), hidden: false })).toBe(false);
  });

  it('lets writers edit visible secrets', () => {
    expect(canWriteSecret({ ...writer, hidden: false })).toBe(true);
  });

  it('moves only between chests the user may write', () => {
    const ctx = {
      ...context({ memberships: [member(true)], assignments: [assigned(true), assigned(false, 't1', 'c2')] }),
      hidden: false,
    };
    expect(canMoveSecret(ctx, 'c2')).toBe(false);
    expect(canMoveSecret(ctx, 'c3')).toBe(false);
    const both = { ...ctx, assignments: [assigned(true), assigned(true, 't1', 'c2')] };
    expect(canMoveSecret(both, 'c2')).toBe(true);
  });
});

describe('labels', () => {
  it('reads Administrator, Read & Write or Read only', () => {
    expect(chestAccessLabel({ administrator: true, manager: false })).toBe('Administrator');
    expect(chestAccessLabel({ administrator: false, manager: true })).toBe('Read & Write');
    expect(chestAccessLabel({ administrator: false, canWrite: true })).toBe('Read & Write');
    expect(chestAccessLabel({ administrator: false })).toBe('Read only');
  });

  it('reads Write or Read for assignments', () => {
    expect(assignmentAccessLabel(true)).toBe('Write');
    expect(assignmentAccessLabel(false)).toBe('Read');
  });
});
