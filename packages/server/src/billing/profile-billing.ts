import { isSubscribed, type Profile } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { BillingMode } from '../config.js';
import type { Database } from '../db/schema.js';
import { readPlanState } from './plan-state.js';

/** The profile's derived billing fields (spec section 3). */
export type ProfileBilling = Pick<Profile, 'trialled' | 'subscription' | 'subscribed'>;

/**
 * trialled, subscription ('No Subscription' when none runs) and subscribed (status 'active'), read
 * from the mirrored plan, so the profile never waits on a provider. Under BILLING=off there is no
 * billing: the fields are left out.
 */
export async function loadProfileBilling(
  db: Kysely<Database>,
  billing: BillingMode,
  organisationId: string,
): Promise<ProfileBilling> {
  if (billing === 'off') return {};
  const { trialled, subscription } = await readPlanState(db, organisationId);
  return { trialled, subscription, subscribed: isSubscribed(subscription) };
}
