import { describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/clear-session.js';
import {
  forgetHealthRecords,
  HEALTH_READ_PAGE,
  loadTagKey,
  readHealthRecords,
  writeHealthRecords,
} from './health-cache.js';
import type { HealthRecord } from './health-record.js';

const record = (id: string): HealthRecord => ({
  id,
  updatedAt: '2026-12-01T00:00:00Z',
  revision: 3,
  score: 1,
  tag: 'dGFn',
  breaches: 2,
  insecureUrl: null,
  passwordChangedAt: '2026-11-01T00:00:00Z',
  checkedAt: '2026-12-07T12:00:00Z',
});

describe('the health cache', () => {
  it('keeps records per user and secret, forgets the ones asked, and drops everything with the session', async () => {
    await writeHealthRecords('u-ada', [record('s-1'), record('s-2')]);
    await writeHealthRecords('u-bob', [record('s-1')]);
    expect([...(await readHealthRecords('u-ada')).keys()].sort()).toEqual(['s-1', 's-2']);
    expect((await readHealthRecords('u-ada')).get('s-2')).toEqual(record('s-2'));
    await forgetHealthRecords('u-ada', ['s-1']);
    expect([...(await readHealthRecords('u-ada')).keys()]).toEqual(['s-2']);
    expect([...(await readHealthRecords('u-bob')).keys()]).toEqual(['s-1']);

    const key = await loadTagKey('u-ada');
    expect(key.extractable).toBe(false);
    expect(key.algorithm.name).toBe('HMAC');
    expect(await loadTagKey('u-ada')).toBe(key);

    clearSession();
    await expect.poll(async () => (await readHealthRecords('u-ada')).size).toBe(0);
    expect((await readHealthRecords('u-bob')).size).toBe(0);
  });

  it('reads more records than one request answers, page by page, and only the user’s', async () => {
    const many = Array.from({ length: HEALTH_READ_PAGE * 2 + 3 }, (_, index) => record(`s-${index}`));
    await writeHealthRecords('u-cy', many);
    await writeHealthRecords('u-cz', [record('s-other')]);
    const read = await readHealthRecords('u-cy');
    expect(read.size).toBe(many.length);
    expect(read.get(`s-${HEALTH_READ_PAGE * 2 + 2}`)).toEqual(many.at(-1));
    expect(read.has('s-other')).toBe(false);
  });
});
