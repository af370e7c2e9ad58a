import { describe, expect, it } from 'vitest';
import type { ReaderRows } from './reader-policy.js';
import { readerIdsOf, readerRoutesOf } from './reader-policy.js';

const rows: ReaderRows = {
  administratorIds: ['admin'],
  assignments: [
    { id: 'a1', vault_id: 'c1', team_id: 'read', edit_access: false },
    { id: 'a2', vault_id: 'c2', team_id: 'other', edit_access: true },
  ],
  memberships: [
    { id: 'm1', team_id: 'read', user_id: 'member', edit_access: false },
    { id: 'm3', team_id: 'read', user_id: 'admin', edit_access: true },
    { id: 'm2', team_id: 'other', user_id: 'elsewhere', edit_access: true },
  ],
  managers: [{ vault_id: 'c1', user_id: 'manager' }],
};

describe('readerIdsOf', () => {
  it('gives a visible secret to administrators, managers and members of assigned teams', () => {
    expect([...readerIdsOf(rows, 'c1', false)].sort()).toEqual(['admin', 'manager', 'member']);
  });

  it('gives a hidden secret to administrators only', () => {
    expect([...readerIdsOf(rows, 'c1', true)]).toEqual(['admin']);
  });

  it('does not count members of teams assigned to other chests', () => {
    expect([...readerIdsOf(rows, 'c2', false)].sort()).toEqual(['admin', 'elsewhere']);
    expect([...readerIdsOf(rows, 'c3', false)]).toEqual(['admin']);
  });
});

describe('readerRoutesOf', () => {
  it('says why each reader reads a visible secret: administrator, manager, each assigned team', () => {
    expect(Object.fromEntries(readerRoutesOf(rows, 'c1', false))).toEqual({
      admin: [{ kind: 'administrator' }, { kind: 'team', team_id: 'read' }],
      manager: [{ kind: 'manager' }],
      member: [{ kind: 'team', team_id: 'read' }],
    });
  });

  it('gives administrator as the one reason for a hidden secret, even to an administrator in a team', () => {
    expect(Object.fromEntries(readerRoutesOf(rows, 'c1', true))).toEqual({
      admin: [{ kind: 'administrator' }],
    });
  });

  it('names only the teams assigned to this chest', () => {
    expect(readerRoutesOf(rows, 'c2', false).get('elsewhere')).toEqual([{ kind: 'team', team_id: 'other' }]);
    expect(readerRoutesOf(rows, 'c2', false).get('admin')).toEqual([{ kind: 'administrator' }]);
  });
});
