import { describe, expect, it } from 'vitest';
import { judgeUrls } from './list-order.js';

describe('judgeUrls', () => {
  it('matches the site, asks on an http page for an https secret, refuses a look-alike', () => {
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://login.example.com/sign-in')).toBe('match');
    expect(judgeUrls([{ url: 'https://example.com' }], 'http://example.com/')).toBe('match-insecure');
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://examp1e.com/')).toBe('none');
    expect(judgeUrls([{ url: 'https://example.com' }], 'https://example.com.evil.test/')).toBe('none');
  });
});
