import type { UserRow } from '@coffer/core';

/** A row of the users list, for the settings and billing tests. */
export function userRow(id: string, name: string, administrator: boolean): UserRow {
  return {
    id,
    name,
    email: `${id}@example.com`,
    administrator,
    data_administrator: false,
    confirmed_at: '2024-01-01T00:00:00.000Z',
    locked: false,
    owner_id: 'u-1',
    teams: [],
    public_key: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
}
