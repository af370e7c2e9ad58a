import { describe, expect, it, vi } from 'vitest';
import type { HealthSubject } from './health-record.js';
import { PROVED_NOT_WEAK_SCORE } from './health-scorer.js';
import { handleHealthMessage, insecureUrlOf, isPinLike } from './health-worker-protocol.js';

const subject = (id: string, password: string, extra: Partial<HealthSubject> = {}): HealthSubject => ({
  id,
  updatedAt: '2026-12-01T00:00:00Z',
  revision: 2,
  password,
  userInputs: ['quentin', 'harbour'],
  urls: [],
  passwordChangedAt: '2026-11-01T00:00:00Z',
  ...extra,
});

const tagKey = () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

describe('the health worker’s checks', () => {
  it('scores with the user inputs, leaves PINs unscored, tags equal passwords alike, and asks the range API by prefix', async () => {
    const fetchRange = vi.fn(async (_url: string) => new Response(''));
    const answer = await handleHealthMessage(
      {
        requestId: 7,
        tagKey: await tagKey(),
        rangeUrl: 'http://range.test/range/',
        checkedAt: '2026-12-07T12:00:00.000Z',
        subjects: [
          subject('a', 'quentinharbour', { urls: ['https://mail.example', 'http://old.example'] }),
          subject('b', '4821'),
          subject('c', 'quentinharbour', { userInputs: [] }),
          subject('d', 'Correct-Horse-Battery-Staple-93!'),
        ],
      },
      fetchRange,
    );
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.requestId).toBe(7);
    const [a, b, c, d] = answer.records;
    // The username and site as user inputs make a password built of them weaker.
    expect(a?.score).toBe(1);
    expect(c?.score).toBe(2);
    expect(b?.score).toBeNull();
    // Long and of no pattern that could make it weak: the not-weak proof spares zxcvbn ("3 or more").
    expect(d?.score).toBe(PROVED_NOT_WEAK_SCORE);
    expect(a?.tag).toBe(c?.tag);
    expect(a?.tag).not.toBe(d?.tag);
    expect(a?.insecureUrl).toBe('http://old.example');
    expect(a).toMatchObject({ revision: 2, breaches: 0, checkedAt: '2026-12-07T12:00:00.000Z' });
    for (const [url] of fetchRange.mock.calls)
      expect(url).toMatch(/^http:\/\/range\.test\/range\/[0-9A-F]{5}$/);
  });

  it('skips the breach check when it is off, and says when a range cannot be read', async () => {
    const off = await handleHealthMessage({
      requestId: 1,
      tagKey: await tagKey(),
      rangeUrl: null,
      checkedAt: '2026-12-07T12:00:00.000Z',
      subjects: [subject('a', 'whatever-it-is')],
    });
    expect(off.ok && off.records[0]?.breaches).toBeNull();
    const failing = await handleHealthMessage(
      {
        requestId: 2,
        tagKey: await tagKey(),
        rangeUrl: 'http://range.test/range/',
        checkedAt: '2026-12-07T12:00:00.000Z',
        subjects: [subject('a', 'whatever-it-is')],
      },
      async () => new Response('', { status: 500 }),
    );
    expect(failing).toMatchObject({ requestId: 2, ok: false });
  });

  it('knows a PIN and an insecure URL', () => {
    expect(['1', '123456'].map(isPinLike)).toEqual([true, true]);
    expect(['1234567', '12a4', ''].map(isPinLike)).toEqual([false, false, false]);
    expect(insecureUrlOf(['https://a.example', 'HTTP://b.example'])).toBe('HTTP://b.example');
    expect(insecureUrlOf(['https://a.example', 'ftp://c'])).toBeNull();
  });
});
