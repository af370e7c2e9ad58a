import type { Chest, ListResponse, Team } from '@coffer/core';
import { signTrustLogStart, snapshotOfRows } from '@coffer/core';
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
  const [teams, chests] = await Promise.all([
    apiOk<ListResponse<Team>>(owner, 'GET', '/api/v1/teams.json?limit=200'),
    apiOk<ListResponse<Chest>>(owner, 'GET', '/api/v1/vaults.json?limit=200&everything=true&options=teams'),
  ]);
  const genesisOwner = {
    id: profile.id,
    email: profile.email,
    publicKey: profile.public_key as string,
    organisationId: profile.organisation?.id as string,
    organisationName,
  };
  const snapshot = snapshotOfRows({ teams: teams.items, chests: chests.items }, new Set([profile.id]));
  const entries = await signTrustLogStart(genesisOwner, owner.signingKey, { admits: [], snapshot });
  const answer = await apiCall(owner, 'POST', '/api/v1/trust_log', { entries });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return entries;
}
