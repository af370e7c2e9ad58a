import type { Chest, ListResponse, SignedTrustEntry, Team, TrustEntry } from '@coffer/core';
import { publicKeyFingerprint, signTrustEntry, TRUST_LOG_VERSION, trustEntryHash } from '@coffer/core';
import { expect } from '@playwright/test';
import { type ApiSession, apiCall, apiOk } from './api-session.js';

/**
 * The owner starts the organisation's trust log through the API, as their browser's "Start the
 * Organisation Record" does when their browser trusts nobody else yet: genesis, then a snapshot of
 * the owner's own teams and every chest's teams (the server takes the start only if it describes
 * its rows). Answers the entries.
 */
export async function startTrustLogThroughApi(owner: ApiSession, organisationName: string) {
  const { profile } = owner;
  const publicKey = profile.public_key as string;
  const place = {
    v: TRUST_LOG_VERSION as typeof TRUST_LOG_VERSION,
    org: profile.organisation?.id as string,
    actor: profile.id,
  };
  const actorFp = await publicKeyFingerprint(publicKey);
  const at = new Date().toISOString();
  const genesis = await signTrustEntry(owner.signingKey, {
    ...place,
    seq: 0,
    prev: null,
    at,
    actor_fp: actorFp,
    op: 'genesis',
    body: { name: organisationName, email: profile.email, public_key: publicKey },
  });
  const [teams, chests] = await Promise.all([
    apiOk<ListResponse<Team>>(owner, 'GET', '/api/v1/teams.json?limit=200'),
    apiOk<ListResponse<Chest>>(owner, 'GET', '/api/v1/vaults.json?limit=200&everything=true&options=teams'),
  ]);
  const snapshot: TrustEntry = {
    ...place,
    seq: 1,
    prev: await trustEntryHash(genesis),
    at,
    actor_fp: actorFp,
    op: 'snapshot',
    body: {
      teams: teams.items.map((team) => ({
        team: team.id,
        members: team.memberships
          .filter((membership) => membership.user_id === profile.id)
          .map((membership) => ({ user: profile.id, edit: membership.edit_access })),
      })),
      chests: chests.items.map((chest) => ({
        chest: chest.id,
        teams: (chest.assignments ?? []).map((assignment) => ({
          team: assignment.team_id,
          edit: assignment.edit_access,
        })),
        managers: [],
      })),
    },
  };
  const entries: SignedTrustEntry[] = [genesis, await signTrustEntry(owner.signingKey, snapshot)];
  const answer = await apiCall(owner, 'POST', '/api/v1/trust_log', { entries });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return entries;
}
