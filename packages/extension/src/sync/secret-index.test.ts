import { describe, expect, it } from 'vitest';
import type { IndexEntry } from './index-entry.js';
import { SecretIndex } from './secret-index.js';
import { siteKey, siteKeys } from './site-key.js';

const OWNER = { userId: 'user-1', server: 'https://coffer.test' };

function entry(secretId: string, ...urls: string[]): IndexEntry {
  return {
    secretId,
    revision: 1,
    chestId: 'c',
    name: secretId,
    category: 'password',
    urls: urls.map((url) => ({ url })),
    sites: siteKeys(urls.map((url) => ({ url }))),
  };
}

const ids = (entries: readonly IndexEntry[]) => entries.map((item) => item.secretId).sort();

describe('siteKey', () => {
  it.each([
    ['https://login.example.co.uk/path?q=1', 'example.co.uk'],
    ['HTTPS://WWW.Example.COM', 'example.com'],
    ['example.com/login', 'example.com'],
    // ICANN's part only: the ranking, which knows private suffixes, tells alice.github.io from bob's.
    ['https://alice.github.io/blog', 'github.io'],
    ['http://192.168.1.10:8080/admin', '192.168.1.10'],
    ['http://localhost:3000', 'localhost'],
    ['about:blank', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(siteKey(input)).toBe(expected);
  });
});

describe('SecretIndex lookups', () => {
  it('finds the entries sharing the page’s registrable domain, through any of their URLs', () => {
    const index = SecretIndex.empty(OWNER);
    index.put(entry('mail', 'https://mail.example.com'));
    index.put(entry('shop', 'https://shop.other.org', 'https://accounts.example.com/login'));
    index.put(entry('router', 'http://192.168.1.1'));
    index.put(entry('none'));

    expect(ids(index.candidatesFor('https://www.example.com/'))).toEqual(['mail', 'shop']);
    expect(ids(index.candidatesFor('https://other.org'))).toEqual(['shop']);
    expect(ids(index.candidatesFor('http://192.168.1.1/setup'))).toEqual(['router']);
    expect(index.candidatesFor('https://unknown.example.net')).toEqual([]);
    expect(index.candidatesFor('about:blank')).toEqual([]);
  });

  it('keeps the lookup current as entries change, move and go', () => {
    const index = SecretIndex.empty(OWNER);
    index.put(entry('a', 'https://a.example.com'));
    expect(ids(index.candidatesFor('https://example.com'))).toEqual(['a']);
    index.put({ ...entry('a', 'https://a.example.net'), revision: 2 });
    expect(index.candidatesFor('https://example.com')).toEqual([]);
    expect(ids(index.candidatesFor('https://example.net'))).toEqual(['a']);
    index.skip('a', 3);
    expect(index.candidatesFor('https://example.net')).toEqual([]);
    expect(index.known).toBe(1);
    index.put(entry('b', 'https://example.net'));
    expect(index.remove('b')).toBe(true);
    expect(index.remove('b')).toBe(false);
    expect(index.candidatesFor('https://example.net')).toEqual([]);
  });

  it('hands the candidates to the ranking (h4’s rankSecrets) in entriesFor', () => {
    const index = SecretIndex.empty(OWNER);
    index.put(entry('x', 'https://x.example.com'));
    index.put(entry('y', 'https://y.example.com'));
    const ranked = index.entriesFor('https://y.example.com', (page, candidates) =>
      candidates.filter((item) => item.urls.some((url) => url.url.startsWith(page))),
    );
    expect(ids(ranked)).toEqual(['y']);
  });

  it('answers from 10,000 entries after a round trip through its snapshot', () => {
    const source = SecretIndex.empty(OWNER);
    for (let n = 0; n < 10_000; n += 1) source.put(entry(`s${n}`, `https://login.site${n % 2_500}.example/`));
    const index = SecretIndex.fromSnapshot(JSON.parse(JSON.stringify(source.toSnapshot())));

    expect(index.size).toBe(10_000);
    expect(ids(index.candidatesFor('https://www.site7.example/'))).toEqual(['s2507', 's5007', 's7', 's7507']);
  });
});
