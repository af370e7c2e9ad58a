import { describe, expect, it } from 'vitest';
import {
  canDeletePermanently,
  canRemoveUser,
  canSignIn,
  canToggleAdministrator,
  canToggleLock,
  canTransferOwnership,
  canUseOwnerActions,
  canViewStatistics,
  isOwner,
} from './user-policy.js';

const organisation = { owner_id: 'owner' };
const owner = { id: 'owner', administrator: true };
const admin = { id: 'admin', administrator: true };
const user = { id: 'user', administrator: false };

describe('owner rules', () => {
  it('knows the owner by id', () => {
    expect(isOwner(owner, organisation)).toBe(true);
    expect(isOwner(admin, organisation)).toBe(false);
  });

  it('keeps owner actions and permanent deletion for the owner', () => {
    expect(canUseOwnerActions(owner, organisation)).toBe(true);
    expect(canUseOwnerActions(admin, organisation)).toBe(false);
    expect(canDeletePermanently(owner, organisation)).toBe(true);
    expect(canDeletePermanently(admin, organisation)).toBe(false);
    expect(canDeletePermanently(user, organisation)).toBe(false);
    expect(canDeletePermanently({ id: 'owner', administrator: false }, organisation)).toBe(false);
  });

  it('transfers ownership only to another administrator', () => {
    expect(canTransferOwnership(owner, admin, organisation)).toBe(true);
    expect(canTransferOwnership(owner, user, organisation)).toBe(false);
    expect(canTransferOwnership(owner, owner, organisation)).toBe(false);
    expect(canTransferOwnership(admin, owner, organisation)).toBe(false);
  });
});

describe('user management', () => {
  it('never toggles administrator on oneself or the owner', () => {
    expect(canToggleAdministrator(admin, user, organisation)).toBe(true);
    expect(canToggleAdministrator(admin, admin, organisation)).toBe(false);
    expect(canToggleAdministrator(admin, owner, organisation)).toBe(false);
    expect(canToggleAdministrator(owner, admin, organisation)).toBe(true);
    expect(canToggleAdministrator(user, { id: 'x' }, organisation)).toBe(false);
  });

  it('blocks only users without Admin permission', () => {
    expect(canToggleLock(admin, user)).toBe(true);
    expect(canToggleLock(admin, owner)).toBe(false);
    expect(canToggleLock(user, { id: 'other', administrator: false })).toBe(false);
  });

  it('omits Remove for one’s own row and the owner', () => {
    expect(canRemoveUser(admin, user, organisation)).toBe(true);
    expect(canRemoveUser(admin, admin, organisation)).toBe(false);
    expect(canRemoveUser(admin, owner, organisation)).toBe(false);
    expect(canRemoveUser(user, { id: 'x' }, organisation)).toBe(false);
  });

  it('keeps statistics for data administrators and refuses locked users', () => {
    expect(canViewStatistics({ data_administrator: true })).toBe(true);
    expect(canViewStatistics({ data_administrator: false })).toBe(false);
    expect(canSignIn({ locked: true })).toBe(false);
    expect(canSignIn({ locked: false })).toBe(true);
  });
});
