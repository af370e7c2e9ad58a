import { publicKeyFingerprint, signTrustEntry, TRUST_LOG_VERSION } from '@coffer/core';
import { expect } from '@playwright/test';
import { type ApiSession, apiCall } from './api-session.js';

/**
 * The owner starts the organisation's trust log through the API: genesis, signed with their key as
 * their browser would (the browser's own signing of it is issue 30's next part). Answers the entry.
 */
export async function startTrustLogThroughApi(owner: ApiSession, organisationName: string) {
  const { profile } = owner;
  const publicKey = profile.public_key as string;
  const genesis = await signTrustEntry(owner.signingKey, {
    v: TRUST_LOG_VERSION,
    org: profile.organisation?.id as string,
    seq: 0,
    prev: null,
    at: new Date().toISOString(),
    actor: profile.id,
    actor_fp: await publicKeyFingerprint(publicKey),
    op: 'genesis',
    body: { name: organisationName, email: profile.email, public_key: publicKey },
  });
  const answer = await apiCall(owner, 'POST', '/api/v1/trust_log', genesis);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return genesis;
}
