import { describe, expect, it, vi } from 'vitest';
import { createRangeChecker, parseRange, sha1Hex } from './pwned-range.js';

describe('the Pwned Passwords range check', () => {
  it('sends only the 5-character prefix, with padding asked for, once per prefix', async () => {
    const hash = await sha1Hex('password123');
    expect(hash).toBe('CBFDAC6008F9CAB4083784CBD1874F76618D2A97');
    const fetchRange = vi.fn(
      async () =>
        new Response(`${hash.slice(5)}:31337\r\n0000000000000000000000000000000000A:0\r\nNOT A LINE`),
    );
    const breaches = createRangeChecker('http://range.test/range/', fetchRange);
    expect(await breaches(hash)).toBe(31_337);
    expect(await breaches(`${hash.slice(0, 5)}${'F'.repeat(35)}`)).toBe(0);
    expect(fetchRange).toHaveBeenCalledTimes(1);
    const [url, init] = fetchRange.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://range.test/range/CBFDA');
    expect(init.headers).toEqual({ 'Add-Padding': 'true' });
    expect(init.credentials).toBe('omit');
    expect(init.method).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('reads padding lines (count 0) as never seen, and asks again after a failed range', async () => {
    expect([...parseRange('AAA:0\nBBB:2\n')]).toEqual([['BBB', 2]]);
    const fetchRange = vi
      .fn()
      .mockResolvedValueOnce(new Response('busy', { status: 503 }))
      .mockResolvedValueOnce(new Response('X:1'));
    const breaches = createRangeChecker('http://range.test/range/', fetchRange);
    await expect(breaches('00000X')).rejects.toThrow('range answered 503');
    expect(await breaches('00000X')).toBe(1);
  });
});
