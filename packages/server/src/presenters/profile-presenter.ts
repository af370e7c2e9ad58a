import type { User as ApiUser, NamedRef, Profile } from '@coffer/core';
import type { Organisation } from '../repositories/organisation-repository.js';
import type { User } from '../repositories/user-repository.js';

/**
 * A user as administrators and lists see it (core's User): never the password hash, OTP seed,
 * tokens or the sealed private key.
 */
export function presentUser(user: User, organisation: Organisation, teams: NamedRef[]): ApiUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    administrator: user.administrator,
    data_administrator: user.data_administrator,
    dark_mode: user.dark_mode,
    first_time: user.first_time,
    has_secret: user.has_secret,
    tutorial: user.tutorial,
    inactivity_length: organisation.inactivity_length,
    locked: user.locked,
    must_change_password: user.must_change_password,
    otp_required_for_login: user.otp_required_for_login,
    created_at: user.created_at,
    updated_at: user.updated_at,
    confirmed_at: user.confirmed_at,
    owner_id: organisation.owner_id ?? '',
    public_key: user.public_key,
    teams,
  };
}

/**
 * The signed-in user's own profile (GET /api/v1/profile, and the body of a sign-in): the user plus
 * what the browser needs to open its private key (sealed, so the server learns nothing) and the
 * organisation.
 */
export function presentProfile(user: User, organisation: Organisation, teams: NamedRef[]): Profile {
  return {
    ...presentUser(user, organisation, teams),
    public_key: user.public_key,
    encrypted_private_key: user.encrypted_private_key,
    private_key_iv: user.private_key_iv,
    kdf_iterations: user.kdf_iterations,
    organisation: { id: organisation.id, name: organisation.name },
  };
}
