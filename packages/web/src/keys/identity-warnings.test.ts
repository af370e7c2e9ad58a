import { describe, expect, it } from 'vitest';
import { identityWarnings } from './identity-warnings.js';
import type { TrustRecord } from './key-trust.js';

const record = (userId: string, extra: Partial<TrustRecord> = {}): TrustRecord => ({
  userId,
  fingerprint: 'ab12',
  origin: 'confirmed',
  trustedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

describe('identityWarnings', () => {
  it('says a trusted id’s e-mail changed since it was confirmed', () => {
    const records = [record('u-bob', { name: 'Bob', email: 'bob@old.test' })];
    expect(identityWarnings('u-bob', { name: 'Bob', email: 'bob@new.test' }, records)).toEqual([
      { kind: 'email-changed', was: 'bob@old.test', now: 'bob@new.test' },
    ]);
  });

  it('says a new id uses the e-mail of someone trusted under another id (case and spaces aside)', () => {
    const records = [record('u-bob', { name: 'Bob', email: 'bob@coffer.test' })];
    expect(identityWarnings('u-fake', { name: 'Bob', email: ' Bob@Coffer.TEST' }, records)).toEqual([
      { kind: 'email-of-another', email: ' Bob@Coffer.TEST', trustedName: 'Bob' },
    ]);
  });

  it('says nothing when the e-mail is the one confirmed, differing only in case', () => {
    const records = [record('u-bob', { name: 'Bob', email: 'bob@coffer.test' })];
    expect(identityWarnings('u-bob', { name: 'Robert', email: 'BOB@coffer.test' }, records)).toEqual([]);
  });

  it('says nothing it cannot know: no e-mail shown, or records from before names were kept', () => {
    const records = [record('u-bob'), record('u-other')];
    expect(identityWarnings('u-bob', { name: 'Bob', email: 'bob@coffer.test' }, records)).toEqual([]);
    expect(identityWarnings('u-bob', undefined, [record('u-bob', { email: 'bob@coffer.test' })])).toEqual([]);
  });
});
