import { scoreToStrength } from '@coffer/core';
import { STRENGTH_LABELS } from '../strength/strength-labels.js';
import { FINDING_KINDS, type FindingKind } from './finding-kinds.js';
import type { HealthDismissal } from './health-dismissals.js';
import { dismissalFor } from './health-dismissals.js';
import type { CheckedSecret } from './run-health-check.js';

/** One thing to fix about one secret. */
export interface HealthFinding {
  kind: FindingKind;
  secretId: string;
  name: string;
  chestId: string;
  chestName: string;
  /** What the row says about it ('Found in 3 breaches', 'Used in 2 secrets'…). */
  detail: string;
  /** Within a kind, the larger the sooner (breaches seen, secrets sharing the password, days…). */
  weight: number;
}

/** What the viewer chooses: the age from which a password is old. */
export interface HealthSettings {
  oldAfterDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** zxcvbn scores at or below this are weak ('Very weak', 'Weak', 'Fair'). */
export const WEAK_SCORE_MAX = 2;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Every finding of the checked secrets (dismissed ones included), unsorted. */
export function findingsOf(
  checked: readonly CheckedSecret[],
  settings: HealthSettings,
  now: Date,
): HealthFinding[] {
  const byTag = new Map<string, number>();
  for (const { record } of checked) byTag.set(record.tag, (byTag.get(record.tag) ?? 0) + 1);
  const findings: HealthFinding[] = [];
  for (const { row, record } of checked) {
    const base = {
      secretId: row.id,
      name: row.name,
      chestId: row.vault_id,
      chestName: row.vault?.name ?? '',
    };
    if (record.breaches !== null && record.breaches > 0) {
      const detail = `Found ${plural(record.breaches, 'time', 'times')} in data breaches`;
      findings.push({ ...base, kind: 'breached', detail, weight: record.breaches });
    }
    const sharing = byTag.get(record.tag) ?? 1;
    if (sharing > 1) {
      findings.push({
        ...base,
        kind: 'reused',
        detail: `Same password in ${sharing} secrets`,
        weight: sharing,
      });
    }
    if (record.score !== null && record.score <= WEAK_SCORE_MAX) {
      const label = STRENGTH_LABELS[scoreToStrength(record.score) - 1] ?? 'Weak';
      findings.push({
        ...base,
        kind: 'weak',
        detail: `${label} password`,
        weight: WEAK_SCORE_MAX + 1 - record.score,
      });
    }
    if (record.insecureUrl) {
      findings.push({
        ...base,
        kind: 'insecure-url',
        detail: `Insecure URL ${record.insecureUrl}`,
        weight: 1,
      });
    }
    const age = Math.floor((now.getTime() - Date.parse(record.passwordChangedAt)) / DAY_MS);
    if (age > settings.oldAfterDays) {
      findings.push({
        ...base,
        kind: 'old',
        detail: `Unchanged for ${plural(age, 'day', 'days')}`,
        weight: age,
      });
    }
  }
  return findings;
}

/** What to fix first: by kind (breached, reused, weak, insecure URL, old), then weight, then name. */
export function sortFindings(findings: readonly HealthFinding[]): HealthFinding[] {
  const rank = (kind: FindingKind) => FINDING_KINDS.indexOf(kind);
  return [...findings].sort(
    (a, b) => rank(a.kind) - rank(b.kind) || b.weight - a.weight || a.name.localeCompare(b.name),
  );
}

/** The findings split into those to show and those dismissed (and not yet expired). */
export function splitDismissed(
  findings: readonly HealthFinding[],
  dismissals: readonly HealthDismissal[],
  now: Date,
): { open: HealthFinding[]; dismissed: HealthFinding[] } {
  const open: HealthFinding[] = [];
  const dismissed: HealthFinding[] = [];
  for (const finding of findings) (dismissalFor(dismissals, finding, now) ? dismissed : open).push(finding);
  return { open, dismissed };
}

/** The score: unique secrets at risk (with at least one open finding) ÷ secrets checked. */
export function riskScore(
  open: readonly HealthFinding[],
  checked: number,
): { atRisk: number; ratio: number } {
  const atRisk = new Set(open.map((finding) => finding.secretId)).size;
  return { atRisk, ratio: checked === 0 ? 0 : atRisk / checked };
}

/** Counts per kind of the open findings. */
export function countsByKind(open: readonly HealthFinding[]): Record<FindingKind, number> {
  const counts = Object.fromEntries(FINDING_KINDS.map((kind) => [kind, 0])) as Record<FindingKind, number>;
  for (const finding of open) counts[finding.kind] += 1;
  return counts;
}
