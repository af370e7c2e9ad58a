import { HEALTH_DISMISSAL_DEFAULT_DAYS } from '@coffer/core';
import { fetchHealthDismissals, saveHealthDismissals } from '../../api/password-health-api.js';
import { openForSelf, sealForSelf } from '../../crypto-client/sealed-for-self.js';
import type { FindingKind } from './finding-kinds.js';

/** One dismissed finding: which secret and kind, why, and until when (an accepted risk is raised again). */
export interface HealthDismissal {
  secretId: string;
  kind: FindingKind;
  reason: string;
  dismissedAt: string;
  until: string;
}

/** The sealed blob's content. */
interface DismissalList {
  dismissals: HealthDismissal[];
}

/** Days offered for how long a dismissal lasts; 180 by default (issue 31). */
export const DISMISSAL_DAY_CHOICES = [30, 90, HEALTH_DISMISSAL_DEFAULT_DAYS, 365] as const;

/** The dismissal in force for a finding now, if any. */
export function dismissalFor(
  dismissals: readonly HealthDismissal[],
  finding: { secretId: string; kind: FindingKind },
  now: Date,
): HealthDismissal | undefined {
  return dismissals.find(
    (item) =>
      item.secretId === finding.secretId &&
      item.kind === finding.kind &&
      Date.parse(item.until) > now.getTime(),
  );
}

/** The user's dismissals, opened from the sealed blob the server keeps (none before the first). */
export async function loadDismissals(userId: string, signal?: AbortSignal): Promise<HealthDismissal[]> {
  const blob = await fetchHealthDismissals(signal);
  if (!blob.sealed) return [];
  const opened = await openForSelf<DismissalList>('health-dismissals', userId, blob.sealed);
  return Array.isArray(opened.dismissals) ? opened.dismissals : [];
}

/**
 * Adds a dismissal (replacing one of the same secret and kind), drops the expired ones, seals the list
 * for the user and stores it. Answers the list as stored.
 */
export async function addDismissal(
  userId: string,
  current: readonly HealthDismissal[],
  dismissal: HealthDismissal,
  now: Date,
): Promise<HealthDismissal[]> {
  const next = [
    ...current.filter(
      (item) =>
        Date.parse(item.until) > now.getTime() &&
        !(item.secretId === dismissal.secretId && item.kind === dismissal.kind),
    ),
    dismissal,
  ];
  const sealed = await sealForSelf('health-dismissals', userId, { dismissals: next } satisfies DismissalList);
  await saveHealthDismissals(sealed);
  return next;
}
