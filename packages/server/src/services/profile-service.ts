import { FIELD_LABELS, type Profile, validateForm } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/authenticate.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { presentProfile } from '../presenters/profile-presenter.js';
import { updateUser } from '../repositories/account-repository.js';
import { listUserTeams } from '../repositories/account-team-repository.js';
import type { User } from '../repositories/user-repository.js';
import { writeAudit } from './audit-log.js';

/** The only fields a user may change on their own profile. */
export interface ProfileChanges {
  first_time?: boolean;
  dark_mode?: boolean;
  name?: string;
  tutorial?: boolean;
}

// The display name: required, at most the default 255 characters (spec section 5).
const NAME_RULES = { name: { label: FIELD_LABELS.name, required: true } };

const FLAG_LABELS = { first_time: 'first time', dark_mode: 'dark mode', tutorial: 'tutorial' } as const;

/** The caller's profile as answered by GET /api/v1/profile and sign-in. */
export async function loadProfile(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'organisation'> & { user: User },
): Promise<Profile> {
  return presentProfile(auth.user, auth.organisation, await listUserTeams(db, auth.user));
}

/** Applies PATCH /api/v1/profile: name (the spec's rules), dark mode and onboarding flags. */
export async function updateProfile(
  db: Kysely<Database>,
  auth: AuthContext,
  changes: ProfileChanges,
): Promise<Profile> {
  const values: ProfileChanges = {};
  if (changes.name !== undefined) {
    const name = changes.name.trim();
    const problem = validateForm({ name }, NAME_RULES).errors[0];
    if (problem) throw AppError.validation(problem);
    values.name = name;
  }
  for (const flag of ['first_time', 'dark_mode', 'tutorial'] as const) {
    if (changes[flag] !== undefined) values[flag] = changes[flag];
  }
  if (Object.keys(values).length === 0) return loadProfile(db, auth);
  const user = await db.transaction().execute(async (trx) => {
    const updated = await updateUser(trx, auth.user, values);
    await writeAudit(trx, {
      organisationId: auth.organisation.id,
      user: updated,
      action: describeChanges(values),
      objectType: 'User',
      objectId: updated.id,
    });
    return updated;
  });
  return loadProfile(db, { organisation: auth.organisation, user });
}

function describeChanges(values: ProfileChanges): string {
  const parts: string[] = [];
  if (values.name !== undefined) parts.push(`name to ${values.name}`);
  for (const flag of ['dark_mode', 'first_time', 'tutorial'] as const) {
    const value = values[flag];
    if (value !== undefined) parts.push(`${FLAG_LABELS[flag]} ${value ? 'on' : 'off'}`);
  }
  return `Updated own profile: ${parts.join(', ')}`;
}
