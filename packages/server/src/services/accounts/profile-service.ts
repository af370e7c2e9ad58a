import { FIELD_LABELS, type Profile, validateForm } from '@coffer/core';
import type { Kysely } from 'kysely';
import { loadProfileBilling } from '../../billing/profile-billing.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { presentProfile } from '../../presenters/profile-presenter.js';
import { findPendingEmailChange } from '../../repositories/email-change-repository.js';
import { listUserTeams } from '../../repositories/membership-repository.js';
import {
  completeUser,
  type SignedInUser,
  type User,
  updateUser,
} from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';

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

/** GET /api/v1/profile: the caller's profile, with the organisation's plan (trialled, subscription, subscribed). */
export async function showProfile(ctx: ServiceContext, caller: CallerAccess): Promise<Profile> {
  const [profile, billing] = await Promise.all([
    loadProfile(ctx.db, caller),
    loadProfileBilling(ctx.db, ctx.config.billing, caller.organisation.id),
  ]);
  return { ...profile, ...billing };
}

/** Sub-step of showProfile, signIn and the account changes: the profile of a user as they answer it. */
export async function loadProfile(
  db: Kysely<Database>,
  caller: Pick<CallerAccess, 'organisation'> & { user: SignedInUser | User },
): Promise<Profile> {
  // The profile carries the sealed private key, which a signed-in caller's user does not.
  const [user, teams, emailChange] = await Promise.all([
    completeUser(db, caller.organisation.id, caller.user),
    listUserTeams(db, caller.user),
    findPendingEmailChange(db, caller.user),
  ]);
  const pendingEmail =
    emailChange && Date.parse(emailChange.expires_at) > Date.now() ? emailChange.email : null;
  return { ...presentProfile(user, caller.organisation, teams), pending_email: pendingEmail };
}

/** Applies PATCH /api/v1/profile: name (the spec's rules), dark mode and onboarding flags. */
export async function updateProfile(
  ctx: ServiceContext,
  caller: CallerAccess,
  changes: ProfileChanges,
): Promise<Profile> {
  const { db } = ctx;
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
  if (Object.keys(values).length === 0) return loadProfile(db, caller);
  const user = await runChange(db, caller.organisation.id, async (trx) => {
    const updated = await updateUser(trx, caller.user, values);
    await auditOwnAccount(trx, updated, describeChanges(values));
    return updated;
  });
  return loadProfile(db, { organisation: caller.organisation, user });
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
