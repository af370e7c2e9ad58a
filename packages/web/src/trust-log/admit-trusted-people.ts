import type { UserDetail } from '@coffer/core';
import { activeUser } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { fetchUser } from '../api/users-api.js';
import { listTrust, type TrustRecord } from '../keys/key-trust.js';
import { sessionCleared } from '../lib/clear-session.js';
import type { MembershipIntent } from './membership-intent.js';
import { appendTrustEntries } from './trust-log-api.js';
import { trustLogStore } from './trust-log-store.js';
import { trustedOriginFor } from './trusted-origin.js';
import { withTrustEntries } from './with-trust-entries.js';

/*
 * An administrator's trust becomes the organisation's (issue 30; docs/web.md, "Starting the
 * organisation record"): a person whose key this administrator's browser trusts (it made the key,
 * the administrator confirmed the fingerprint, or a trusted key endorsed it) and whom the log has not
 * admitted yet is admitted by this browser, with the teams they are in and the chests they manage,
 * so every browser then shares with them on the administrator's signature. Runs after each sync
 * and whenever a key is trusted here.
 */

// A user deleted since their key was trusted is nobody to admit.
async function currentDetail(userId: string): Promise<UserDetail | null> {
  try {
    return await fetchUser(userId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The intents that admit one person as the server has them now, if this browser trusts their key. */
async function admissionOf(ownerId: string, record: TrustRecord): Promise<MembershipIntent[]> {
  const user = await currentDetail(record.userId);
  const origin = user?.public_key ? await trustedOriginFor(ownerId)(user.id, user.public_key) : null;
  if (!user?.public_key || !origin) return [];
  return [
    {
      kind: 'admitted',
      user: user.id,
      email: user.email,
      publicKey: user.public_key,
      admin: user.administrator,
      how: origin === 'created' ? 'created' : 'confirmed',
    },
    ...user.memberships.map((membership) => ({
      kind: 'member' as const,
      team: membership.team_id,
      user: user.id,
      edit: membership.edit_access,
    })),
    ...user.permissions
      .filter((permission) => permission.manager)
      .map((permission) => ({
        kind: 'manager' as const,
        chest: permission.vault_id,
        user: user.id,
        present: true,
      })),
  ];
}

// Trust records found not to admit anyone (the user is gone, or their key is no longer the one
// trusted), by user and fingerprint: not asked about again in this session, since every sync would.
const notAdmissible = new Set<string>();
sessionCleared.subscribe(() => notAdmissible.clear());
const recordKey = (record: TrustRecord) => `${record.userId}:${record.fingerprint}`;

/** Admits the people this administrator trusts and the log does not hold; answers how many. */
export async function admitTrustedPeople(ownerId: string): Promise<number> {
  const { log, userId } = trustLogStore.get();
  if (!log || userId !== ownerId || !activeUser(log.state, ownerId)?.admin) return 0;
  const waiting = (await listTrust(ownerId)).filter(
    (record) => !log.state.users.has(record.userId) && !notAdmissible.has(recordKey(record)),
  );
  if (waiting.length === 0) return 0;
  const admissions = await Promise.all(waiting.map((record) => admissionOf(ownerId, record)));
  waiting.forEach((record, index) => {
    if (admissions[index]?.length === 0) notAdmissible.add(recordKey(record));
  });
  const intents = admissions.flat();
  if (intents.length === 0) return 0;
  const admitted = intents.filter((intent) => intent.kind === 'admitted').length;
  await withTrustEntries(intents, async (entries) => {
    if (entries) await appendTrustEntries(entries);
  });
  return admitted;
}
