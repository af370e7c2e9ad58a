// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import { describe, expect, it } from 'vitest';
import { secretUrlsOf } from './secret-urls.js';

describe('secretUrlsOf', () => {
  it('gives the main URL with its rule, then the other URLs', () => {
    expect(
      secretUrlsOf({
        url: 'https://example.com/login',
        urlMatch: 'exact',
        moreUrls: [{ url: 'https://example.org' }, { url: 'https://example.net/app', match: 'starts-with' }],
      }),
    ).toEqual([
      { url: 'https://example.com/login', match: 'exact' },
      { url: 'https://example.org' },
      { url: 'https://example.net/app', match: 'starts-with' },
    ]);
  });

  it('leaves out empty URLs, unknown rules and entries of the wrong shape', () => {
    expect(
      secretUrlsOf({
        url: '',
        urlMatch: 'regex',
        moreUrls: [{ url: '  ' }, 'https://loose.example', { url: 'example.com', match: 'regex' }],
      }),
    ).toEqual([{ url: 'example.com' }]);
    expect(secretUrlsOf({ url: 42 })).toEqual([]);
    expect(secretUrlsOf({})).toEqual([]);
  });
});
