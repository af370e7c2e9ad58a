import type { FindingKind } from './finding-kinds.js';

/** The list's name of each kind of finding. */
export const FINDING_LABELS: Record<FindingKind, string> = {
  breached: 'Breached',
  reused: 'Reused',
  weak: 'Weak',
  'insecure-url': 'Insecure URL',
  old: 'Old',
};

/** When a check finished, as the summary says it: 'just now', '5 minutes ago', or the date. */
export function checkedWhen(finishedAt: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - finishedAt.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return `on ${finishedAt.toLocaleString('en-GB')}`;
}

const secretsCount = (count: number) => `${count.toLocaleString('en-US')} secret${count === 1 ? '' : 's'}`;

/** The explicit all-clear (issue 31): how many were checked and when, never a bare 'all good'. */
export function nothingFoundText(checked: number, when: string): string {
  return `Nothing found in ${secretsCount(checked)} checked ${when}`;
}

/** The summary above the findings: unique secrets at risk of those checked, and when. */
export function atRiskText(atRisk: number, checked: number, when: string): string {
  return `${atRisk.toLocaleString('en-US')} of ${secretsCount(checked)} at risk, checked ${when}`;
}
