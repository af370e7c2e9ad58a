import { describe, expect, it } from 'vitest';
import type { DatedSecretRow } from '../../secret-export/list-export-rows.js';
import type { HealthDismissal } from './health-dismissals.js';
import { countsByKind, findingsOf, riskScore, sortFindings, splitDismissed } from './health-findings.js';
import type { HealthRecord } from './health-record.js';
import type { CheckedSecret } from './run-health-check.js';

const NOW = new Date('2026-12-07T12:00:00Z');

function checked(name: string, record: Partial<HealthRecord> = {}): CheckedSecret {
  const id = `s-${name}`;
  const row: DatedSecretRow = {
    id,
    name,
    category: 'password',
    vault_id: 'c-1',
    vault: { id: 'c-1', name: 'Shared' },
    updated_at: '2026-12-01T00:00:00Z',
  } as DatedSecretRow;
  return {
    row,
    record: {
      id,
      updatedAt: row.updated_at,
      revision: 1,
      score: 4,
      tag: `tag-${name}`,
      breaches: 0,
      insecureUrl: null,
      passwordChangedAt: '2026-12-01T00:00:00Z',
      checkedAt: NOW.toISOString(),
      ...record,
    },
  };
}

describe('health findings', () => {
  it('finds breached, reused (every secret sharing it), weak, insecure and old passwords', () => {
    const findings = findingsOf(
      [
        checked('Bank', { breaches: 31_337, score: 0 }),
        checked('Mail', { tag: 'same' }),
        checked('Chat', { tag: 'same' }),
        checked('Wiki', { insecureUrl: 'http://wiki.example' }),
        checked('Legacy', { passwordChangedAt: '2024-12-01T00:00:00Z' }),
        checked('Fine'),
      ],
      { oldAfterDays: 365 },
      NOW,
    );
    const brief = findings.map((finding) => `${finding.kind} ${finding.name}: ${finding.detail}`);
    expect(brief.sort()).toEqual(
      [
        'breached Bank: Found 31,337 times in data breaches',
        'weak Bank: Very weak password',
        'reused Mail: Same password in 2 secrets',
        'reused Chat: Same password in 2 secrets',
        'insecure-url Wiki: Insecure URL http://wiki.example',
        'old Legacy: Unchanged for 736 days',
      ].sort(),
    );
  });

  it('never calls a PIN weak, nor a password unchecked for breaches breached', () => {
    const findings = findingsOf(
      [checked('Door', { score: null, breaches: null })],
      { oldAfterDays: 365 },
      NOW,
    );
    expect(findings).toEqual([]);
  });

  it('moves the age of "old" with the chosen number of days', () => {
    const secrets = [checked('Recent', { passwordChangedAt: '2026-10-01T00:00:00Z' })];
    expect(findingsOf(secrets, { oldAfterDays: 365 }, NOW)).toEqual([]);
    expect(findingsOf(secrets, { oldAfterDays: 30 }, NOW).map((finding) => finding.kind)).toEqual(['old']);
  });

  it('sorts what to fix first: breached, reused, weak, insecure URL, old; the worst first within a kind', () => {
    const sorted = sortFindings(
      findingsOf(
        [
          checked('Old', { passwordChangedAt: '2020-01-01T00:00:00Z' }),
          checked('A', { breaches: 2 }),
          checked('B', { breaches: 900 }),
          checked('Weak', { score: 2 }),
          checked('Worse', { score: 0 }),
          checked('R1', { tag: 't' }),
          checked('R2', { tag: 't' }),
        ],
        { oldAfterDays: 365 },
        NOW,
      ),
    );
    expect(sorted.map((finding) => `${finding.kind} ${finding.name}`)).toEqual([
      'breached B',
      'breached A',
      'reused R1',
      'reused R2',
      'weak Worse',
      'weak Weak',
      'old Old',
    ]);
  });

  it('leaves dismissed findings out until their dismissal expires, and scores unique secrets at risk', () => {
    const findings = findingsOf(
      [
        checked('Bank', { breaches: 3, score: 1 }),
        checked('Wiki', { insecureUrl: 'http://w' }),
        checked('Fine'),
      ],
      { oldAfterDays: 365 },
      NOW,
    );
    const dismissal = (kind: HealthDismissal['kind'], until: string): HealthDismissal => ({
      secretId: 's-Wiki',
      kind,
      reason: 'intranet only',
      dismissedAt: '2026-12-01T00:00:00Z',
      until,
    });
    const current = splitDismissed(findings, [dismissal('insecure-url', '2027-06-01T00:00:00Z')], NOW);
    expect(current.dismissed.map((finding) => finding.name)).toEqual(['Wiki']);
    expect(riskScore(current.open, 3)).toEqual({ atRisk: 1, ratio: 1 / 3 });
    expect(countsByKind(current.open)).toEqual({
      breached: 1,
      reused: 0,
      weak: 1,
      'insecure-url': 0,
      old: 0,
    });

    const expired = splitDismissed(findings, [dismissal('insecure-url', '2026-12-01T00:00:00Z')], NOW);
    expect(expired.dismissed).toEqual([]);
    expect(riskScore(expired.open, 3).atRisk).toBe(2);
    expect(riskScore([], 0)).toEqual({ atRisk: 0, ratio: 0 });
  });
});
