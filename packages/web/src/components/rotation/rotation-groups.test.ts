import type { RotationItem } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { groupRotations, personOf, progressText } from './rotation-groups.js';

function row(overrides: Partial<RotationItem>): RotationItem {
  return {
    id: 'r',
    secret_id: 's',
    secret_name: 'Mail server',
    category: 'password',
    marked_for_deletion: false,
    vault_id: 'c1',
    vault_name: 'Alpha',
    user_id: 'u1',
    user_name: 'Mia',
    user_email: 'mia@example.test',
    reason: 'removed',
    lost_at: '2026-12-01T10:00:00.000Z',
    revision: 1,
    ...overrides,
  };
}

describe('the rotation list groups', () => {
  it('groups consecutive rows by person, a policy row under the rotation policy', () => {
    const rows = [
      row({ id: 'a' }),
      row({ id: 'b', vault_id: 'c2', vault_name: 'Bravo' }),
      row({ id: 'c', user_id: null, user_name: '', user_email: '', reason: 'policy' }),
    ];
    const groups = groupRotations(rows, 'person');
    expect(groups.map((group) => [group.heading, group.rows.map((r) => r.id)])).toEqual([
      ['Mia (mia@example.test)', ['a', 'b']],
      ['Rotation policy', ['c']],
    ]);
    expect(personOf(rows[0] as RotationItem)).toBe('Mia (mia@example.test)');
  });

  it('groups by chest', () => {
    const rows = [
      row({ id: 'a' }),
      row({ id: 'b', user_id: 'u2' }),
      row({ id: 'c', vault_id: 'c2', vault_name: 'Bravo' }),
    ];
    expect(groupRotations(rows, 'chest').map((group) => [group.heading, group.rows.length])).toEqual([
      ['Alpha', 2],
      ['Bravo', 1],
    ]);
  });

  it('shows progress as rows closed of all rows', () => {
    expect(progressText({ to_rotate: 19, rotated: 12 })).toBe('12 of 31 rotated');
  });
});
