import { describe, expect, it } from 'vitest';
import { judgeUrls, rankByTab } from './list-order.js';

const entry = (name: string, url: string) => ({ name, urls: [{ url }] });

describe('judgeUrls', () => {
  it('matches the site, asks on an http page for an https secret, refuses a look-alike', () => {
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://login.example.com/sign-in')).toBe('match');
    expect(judgeUrls([{ url: 'https://example.com' }], 'http://example.com/')).toBe('match-insecure');
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://examp1e.com/')).toBe('none');
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://example.com.evil.test/')).toBe('none');
  });
});

describe('rankByTab', () => {
  it('puts the secrets of the tab first, closest first, then every other one in its order', () => {
    const other = entry('Other', 'https://other.test');
    const site = entry('Site', 'https://example.com');
    const exact = { name: 'Exact', urls: [{ url: 'https://login.example.com/', match: 'exact' as const }] };
    const zed = entry('Zed', 'https://zed.test');
    expect(rankByTab([other, site, zed, exact], 'https://login.example.com/').map((e) => e.name)).toEqual([
      'Exact',
      'Site',
      'Other',
      'Zed',
    ]);
  });

  it('keeps the order when there is no tab', () => {
    const list = [entry('B', 'https://b.test'), entry('A', 'https://a.test')];
    expect(rankByTab(list, null)).toEqual(list);
  });
});
