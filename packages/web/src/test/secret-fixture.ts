import type { Secret } from '@coffer/core';

/** A secret record as `GET /api/v1/secrets/{id}.json` answers it, for tests that mock the opening. */
export function secretRecord(overrides: Partial<Secret> = {}): Secret {
  return {
    id: 's-1',
    name: 'Mail',
    category: 'password',
    strength: 4,
    form_fill: false,
    hidden: false,
    vault_id: 'c-1',
    vault: { id: 'c-1', name: 'Operations', manager: false, assignments: [] },
    created_at: '',
    updated_at: '',
    revision: 2,
    encrypted_data: 'x',
    encryption_iv: 'y',
    secret_key: { encrypted_value: 'z' },
    ...overrides,
  };
}
