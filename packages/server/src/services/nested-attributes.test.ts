import { describe, expect, it } from 'vitest';
import { planNestedChanges } from './nested-attributes.js';

const existing = [
  { id: 'a1', ref: 't1', edit_access: false },
  { id: 'a2', ref: 't2', edit_access: true },
];

describe('planNestedChanges', () => {
  it('updates by id, destroys by id or ref, and adds new refs', () => {
    const plan = planNestedChanges(
      [
        { id: 'a1', edit_access: true },
        { team_id: 't2', _destroy: true },
        { team_id: 't3', edit_access: true },
        { team_id: 't3' },
      ],
      existing,
      'team_id',
      'Assignment',
    );
    expect(plan).toEqual({
      creates: [{ ref: 't3', edit_access: false }],
      updates: [{ id: 'a1', edit_access: true }],
      destroys: ['a2'],
      finalRefs: ['t1', 't3'],
    });
  });

  it('lets a destroy win over an update of the same link, and ignores unchanged access', () => {
    const plan = planNestedChanges(
      [
        { id: 'a2', edit_access: false },
        { id: 'a2', _destroy: true },
        { id: 'a1', edit_access: false },
      ],
      existing,
      'team_id',
      'Assignment',
    );
    expect(plan.updates).toEqual([]);
    expect(plan.destroys).toEqual(['a2']);
  });

  it('refuses unknown ids and entries without id or ref', () => {
    expect(() => planNestedChanges([{ id: 'nope' }], existing, 'team_id', 'Assignment')).toThrow(
      'Assignment not found.',
    );
    expect(() => planNestedChanges([{ edit_access: true }], existing, 'user_id', 'Membership')).toThrow(
      'Field user_id is required',
    );
  });
});
