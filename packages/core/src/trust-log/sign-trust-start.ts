import { publicKeyFingerprint } from '../crypto/key-pair.js';
import type { Chest } from '../model/chest-model.js';
import type { Team } from '../model/team-model.js';
import { foldTrustLog } from './fold-trust-log.js';
import {
  type AdmitBody,
  type SignedTrustEntry,
  type SnapshotBody,
  TRUST_LOG_VERSION,
  type TrustChange,
  type TrustEntry,
} from './trust-entry.js';
import { signTrustEntry } from './trust-entry-signature.js';
import type { TrustState } from './trust-state.js';

/*
 * Writing entries: the next one after a verified state, and the start of an organisation's log
 * (issue 30's migration; docs/crypto.md, "Organisation trust log"). One way for the owner's browser,
 * the journeys that start a log through the API and the benchmarks.
 */

/** Who signs an entry: their user id, their key's fingerprint and the signing half of the key. */
export interface EntrySigner {
  userId: string;
  fingerprint: string;
  signingKey: CryptoKey;
}

/**
 * The entry after the state's last, with `change`, signed by `signer` and folded onto `state` as every
 * reader folds it: answers both. Throws the fold's TrustLogError when the log would refuse it.
 */
export async function signEntryAfter(
  state: TrustState,
  signer: EntrySigner,
  change: TrustChange,
): Promise<{ signed: SignedTrustEntry; state: TrustState }> {
  const entry = {
    v: TRUST_LOG_VERSION,
    org: state.org,
    seq: state.seq + 1,
    prev: state.head,
    at: new Date().toISOString(),
    actor: signer.userId,
    actor_fp: signer.fingerprint,
    ...change,
  } as TrustEntry;
  const signed = await signTrustEntry(signer.signingKey, entry);
  return { signed, state: await foldTrustLog([signed], state) };
}

/** The owner as genesis names them. */
export interface GenesisOwner {
  id: string;
  email: string;
  publicKey: string;
  organisationId: string;
  organisationName: string;
}

/** What a snapshot is read from: teams with their memberships, chests with assignments and managers. */
export interface SnapshotRows {
  teams: readonly Pick<Team, 'id' | 'memberships'>[];
  chests: readonly Pick<Chest, 'id' | 'assignments' | 'users'>[];
}

/**
 * The snapshot of today's teams, chest assignments and managers among the `admitted` people (the
 * owner and those admitted before it): everyone else joins later, admitted by an administrator.
 */
export function snapshotOfRows(rows: SnapshotRows, admitted: ReadonlySet<string>): SnapshotBody {
  return {
    teams: rows.teams.map((team) => ({
      team: team.id,
      members: (team.memberships ?? [])
        .filter((membership) => admitted.has(membership.user_id))
        .map((membership) => ({ user: membership.user_id, edit: membership.edit_access })),
    })),
    chests: rows.chests.map((chest) => ({
      chest: chest.id,
      teams: (chest.assignments ?? []).map((assignment) => ({
        team: assignment.team_id,
        edit: assignment.edit_access,
      })),
      managers: (chest.users ?? [])
        .filter((user) => user.manager && admitted.has(user.id))
        .map((user) => user.id),
    })),
  };
}

/**
 * Signs the start of a log as its owner: genesis, the admissions, then the snapshot, each folded
 * before the next (so a start the log would refuse throws its TrustLogError before anything is sent).
 */
export async function signTrustLogStart(
  owner: GenesisOwner,
  signingKey: CryptoKey,
  changes: { admits: readonly AdmitBody[]; snapshot: SnapshotBody },
): Promise<SignedTrustEntry[]> {
  const fingerprint = await publicKeyFingerprint(owner.publicKey);
  const genesis = await signTrustEntry(signingKey, {
    v: TRUST_LOG_VERSION,
    org: owner.organisationId,
    seq: 0,
    prev: null,
    at: new Date().toISOString(),
    actor: owner.id,
    actor_fp: fingerprint,
    op: 'genesis',
    body: { name: owner.organisationName, email: owner.email, public_key: owner.publicKey },
  });
  let state = await foldTrustLog([genesis]);
  const entries = [genesis];
  const signer = { userId: owner.id, fingerprint, signingKey };
  const rest: TrustChange[] = [
    ...changes.admits.map((body) => ({ op: 'admit' as const, body })),
    { op: 'snapshot', body: changes.snapshot },
  ];
  for (const change of rest) {
    const next = await signEntryAfter(state, signer, change);
    entries.push(next.signed);
    state = next.state;
  }
  return entries;
}
