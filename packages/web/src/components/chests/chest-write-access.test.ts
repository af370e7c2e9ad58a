import type { Chest } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { canWriteInChest, writableChests } from './chest-write-access.js';

const chest = (id: string, overrides: Partial<Chest> = {}): Chest => ({
  id,
  name: id,
  secret_count: 0,
  created_at: '',
  updated_at: '',
  teams: [{ id: 't-ops', name: 'Ops' }],
  assignments: [{ id: `a-${id}`, vault_id: id, team_id: 't-ops', edit_access: false }],
  users: [],
  ...overrides,
});
const user = { id: 'u-1', administrator: false };
const writeAssignment = (id: string, team = 't-ops') => [
  { id: `w-${id}`, vault_id: id, team_id: team, edit_access: true },
];

describe('the chest picker filter', () => {
  const readOnly = chest('read');
  const writable = chest('write', { assignments: writeAssignment('write') });
  const managed = chest('managed', { users: [{ id: 'u-1', manager: true, administrator: false }] });
  const otherTeam = chest('other', { assignments: writeAssignment('other', 't-sales') });

  it('offers administrators every chest', () => {
    expect(
      writableChests([readOnly, writable, managed], { ...user, administrator: true }, null),
    ).toHaveLength(3);
  });

  it('offers a member the chests whose assignment and membership both have edit access', () => {
    const memberships = [{ user_id: 'u-1', team_id: 't-ops', edit_access: true }];
    expect(writableChests([readOnly, writable, otherTeam], user, memberships).map((c) => c.id)).toEqual([
      'write',
    ]);
    const readMembership = [{ user_id: 'u-1', team_id: 't-ops', edit_access: false }];
    expect(canWriteInChest(writable, user, readMembership)).toBe(false);
  });

  it('offers managers the chests they manage', () => {
    expect(canWriteInChest(managed, user, [])).toBe(true);
  });

  it('falls back to the edit_access assignments of the user’s teams without memberships', () => {
    const actor = { ...user, teams: [{ id: 't-ops', name: 'Ops' }] };
    expect(writableChests([readOnly, writable, otherTeam], actor, null).map((c) => c.id)).toEqual(['write']);
  });
});
