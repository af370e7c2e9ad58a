import type {
  AdmitBody,
  Chest,
  GenesisOwner,
  SignedTrustEntry,
  SnapshotBody,
  Team,
  UserRow,
} from '@coffer/core';
import { isTrustLogError, signTrustLogStart, snapshotOfRows } from '@coffer/core';
import { listEverything } from '../api/list-everything.js';
import { TrustChangeRefused } from './sign-trust-changes.js';
import { appendTrustEntries } from './trust-log-api.js';
import { type TrustedOrigin, trustedOriginFor } from './trusted-origin.js';

/*
 * The owner starts the organisation's trust log (issue 30's migration; docs/web.md, "Starting the
 * organisation record"): genesis, then an admission of each person whose key the owner's browser
 * already trusts (it made the key, the owner confirmed the fingerprint, or a trusted key endorsed it),
 * then a snapshot of today's teams, chest assignments and managers among those people. All of it is
 * one request: the server applies it only if it describes its rows exactly. Everyone else is admitted
 * later, by an administrator confirming them as today.
 */

/** What the owner's browser reads of the organisation to state it. */
export interface OrganisationRows {
  users: UserRow[];
  teams: Team[];
  chests: Chest[];
}

/** Reads every user, team (with memberships) and chest (with assignments and managers). */
export async function readOrganisationRows(signal?: AbortSignal): Promise<OrganisationRows> {
  const [users, teams, chests] = await Promise.all([
    listEverything<UserRow>('/api/v1/users.json', { everything: true }, signal),
    listEverything<Team>('/api/v1/teams.json', {}, signal),
    listEverything<Chest>('/api/v1/vaults.json', { everything: true, options: ['teams', 'users'] }, signal),
  ]);
  return { users, teams, chests };
}

/**
 * The admissions and the snapshot: only people whose key, as the server holds it now, this browser
 * trusts (made here, confirmed here, or endorsed by a key trusted here); the others wait to be
 * confirmed by an administrator.
 */
export async function migrationChanges(
  owner: GenesisOwner,
  trustedOrigin: TrustedOrigin,
  rows: OrganisationRows,
): Promise<{ admits: AdmitBody[]; snapshot: SnapshotBody }> {
  const admits: AdmitBody[] = [];
  for (const user of rows.users) {
    if (user.id === owner.id || !user.public_key) continue;
    const origin = await trustedOrigin(user.id, user.public_key);
    if (!origin) continue;
    admits.push({
      user: user.id,
      email: user.email,
      public_key: user.public_key,
      admin: user.administrator,
      how: origin === 'created' ? 'created' : 'confirmed',
    });
  }
  const admitted = new Set([owner.id, ...admits.map((admit) => admit.user)]);
  return { admits, snapshot: snapshotOfRows(rows, admitted) };
}

/** Signs genesis, the admissions and the snapshot (core's signTrustLogStart); a refusal is the call's error. */
export async function signOrganisationRecordStart(
  owner: GenesisOwner,
  signingKey: CryptoKey,
  changes: { admits: AdmitBody[]; snapshot: SnapshotBody },
): Promise<SignedTrustEntry[]> {
  try {
    return await signTrustLogStart(owner, signingKey, changes);
  } catch (error) {
    if (isTrustLogError(error)) throw new TrustChangeRefused(error.message);
    throw error;
  }
}

/** What starting the record did: how many people were admitted beside the owner. */
export interface TrustLogStarted {
  admitted: number;
}

/**
 * Starts the record as the owner (their key unlocked here signs everything): reads the organisation,
 * signs genesis, admissions and snapshot, and sends them in one request.
 */
export async function startOrganisationRecord(owner: GenesisOwner): Promise<TrustLogStarted> {
  const [{ loadSigningKey }, { provenOwnPublicKey }] = await Promise.all([
    import('../keys/key-store.js'),
    import('../crypto-client/proven-own-key.js'),
  ]);
  const signingKey = await loadSigningKey();
  if (!signingKey) throw new TrustChangeRefused('Sign in again to start the organisation record.');
  // Genesis binds the owner's key as proven against the private key here, not as the server lists it.
  const proven = { ...owner, publicKey: await provenOwnPublicKey(owner.id) };
  const rows = await readOrganisationRows();
  const changes = await migrationChanges(proven, trustedOriginFor(owner.id), rows);
  await appendTrustEntries(await signOrganisationRecordStart(proven, signingKey, changes));
  return { admitted: changes.admits.length };
}
