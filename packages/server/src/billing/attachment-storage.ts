import {
  ATTACHMENT_FREE_PLAN_TOTAL_BYTES,
  ATTACHMENT_TEAM_PLAN_TOTAL_BYTES,
  isOnTeamPlan,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { findRunningSubscription, presentMirroredSubscription } from './plan-state.js';

/**
 * How many bytes of files the organisation may store (issue 27): 1 GB on the Team Plan (a trial
 * included, as for the other plan limits), 50 MB on the free plan; with BILLING=off there are no
 * plans, only the configured ATTACHMENT_ORG_MAX_BYTES. A cancelled or lapsed plan keeps every file:
 * only new uploads are measured against the smaller total.
 */
export async function attachmentStorageTotal(
  db: Kysely<Database>,
  config: Pick<Config, 'billing' | 'attachmentOrgMaxBytes'>,
  organisationId: string,
): Promise<number> {
  if (config.billing === 'off') return config.attachmentOrgMaxBytes;
  const running = await findRunningSubscription(db, organisationId, new Date());
  const teamPlan = running !== null && isOnTeamPlan(presentMirroredSubscription(running));
  return teamPlan ? ATTACHMENT_TEAM_PLAN_TOTAL_BYTES : ATTACHMENT_FREE_PLAN_TOTAL_BYTES;
}
