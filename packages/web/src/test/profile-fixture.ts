import type { Profile } from '@coffer/core';

/** A signed-in user's profile for tests; override what a test is about. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    administrator: false,
    data_administrator: false,
    dark_mode: false,
    first_time: false,
    has_secret: true,
    tutorial: true,
    inactivity_length: 10,
    locked: false,
    must_change_password: false,
    otp_required_for_login: false,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    confirmed_at: '2024-01-01T00:00:00.000Z',
    owner_id: 'u-1',
    encrypted_private_key: 'ZW5j',
    private_key_iv: 'aXY=',
    public_key: 'cHVi',
    kdf_iterations: 600_000,
    ...overrides,
  };
}
