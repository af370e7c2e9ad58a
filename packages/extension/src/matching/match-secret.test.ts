// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import type { SecretUrl } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { matchSecret } from './match-secret.js';

const host = (url: string): SecretUrl[] => [{ url }];
const kindOf = (page: string, urls: SecretUrl[]) => matchSecret(page, urls)?.kind ?? null;

describe("the 'host' rule (the default)", () => {
  it('matches any subdomain of the registrable domain', () => {
    expect(kindOf('https://login.example.com/signin', host('https://example.com'))).toBe('site');
    expect(kindOf('https://example.com/', host('https://www.example.com/account'))).toBe('site');
    expect(kindOf('https://a.b.example.com/', host('https://login.example.com'))).toBe('site');
    expect(kindOf('https://example.com/any/path?q=1', host('https://example.com/login'))).toBe('host');
  });

  it('never matches a lookalike that only contains the domain', () => {
    for (const page of [
      'https://example.com.evil.net/',
      'https://evil.net/example.com',
      'https://example.com@evil.net/',
      'https://notexample.com/',
      'https://example.co/',
      'https://example.com-login.net/',
    ]) {
      expect(matchSecret(page, host('https://example.com')), page).toBeNull();
    }
  });

  it('honours the public suffixes of the list, country ones and private ones', () => {
    expect(kindOf('https://www.bbc.co.uk/', host('https://bbc.co.uk'))).toBe('site');
    expect(matchSecret('https://evil.co.uk/', host('https://bbc.co.uk'))).toBeNull();
    expect(matchSecret('https://b.github.io/', host('https://a.github.io'))).toBeNull();
    expect(kindOf('https://x.a.github.io/', host('https://a.github.io'))).toBe('site');
    expect(matchSecret('https://b.s3.amazonaws.com/', host('https://a.s3.amazonaws.com'))).toBeNull();
  });

  it('matches a bare public suffix only on that very host', () => {
    expect(matchSecret('https://anyone.co.uk/', host('https://co.uk'))).toBeNull();
    expect(matchSecret('https://someone.github.io/', host('github.io'))).toBeNull();
    expect(kindOf('https://github.io/', host('github.io'))).toBe('host');
  });

  it('matches any port unless the saved URL names one', () => {
    expect(kindOf('https://example.com:8443/', host('https://example.com'))).toBe('host');
    expect(kindOf('https://example.com:8443/', host('https://example.com:8443'))).toBe('host');
    expect(matchSecret('https://example.com/', host('https://example.com:8443'))).toBeNull();
    expect(matchSecret('https://example.com:8443/', host('https://example.com:443'))).toBeNull();
    expect(kindOf('https://example.com/', host('https://example.com:443'))).toBe('host');
  });

  it('matches IP addresses by the very address and port', () => {
    expect(kindOf('http://192.168.1.1/', host('http://192.168.1.1'))).toBe('host');
    expect(matchSecret('http://192.168.1.2/', host('http://192.168.1.1'))).toBeNull();
    expect(matchSecret('http://192.168.1.1:8080/', host('http://192.168.1.1'))).toBeNull();
    expect(kindOf('http://192.168.1.1:8080/admin', host('192.168.1.1:8080'))).toBe('host');
    expect(kindOf('http://[::1]:8080/', host('http://[::1]:8080'))).toBe('host');
    expect(matchSecret('http://[::2]:8080/', host('http://[::1]:8080'))).toBeNull();
    expect(kindOf('http://[2001:db8::1]/', host('http://[2001:DB8:0:0::1]/'))).toBe('host');
    // The URL parser writes every spelling of an IPv4 address the same way.
    expect(kindOf('http://0x7f000001/', host('http://127.0.0.1'))).toBe('host');
    expect(matchSecret('http://127.0.0.1.evil.net/', host('http://127.0.0.1'))).toBeNull();
  });

  it('matches localhost and intranet names by host and port', () => {
    expect(kindOf('http://localhost:3000/login', host('http://localhost:3000'))).toBe('host');
    expect(matchSecret('http://localhost:4000/', host('http://localhost:3000'))).toBeNull();
    expect(matchSecret('http://localhost:3000/', host('http://localhost'))).toBeNull();
    expect(kindOf('http://intranet/', host('http://intranet'))).toBe('host');
    expect(matchSecret('http://other/', host('http://intranet'))).toBeNull();
  });

  it('compares international names in punycode, whichever way they were written', () => {
    expect(kindOf('https://www.bücher.de/', host('https://xn--bcher-kva.de'))).toBe('site');
    expect(kindOf('https://xn--bcher-kva.de/', host('bücher.de'))).toBe('host');
    expect(matchSecret('https://bucher.de/', host('https://bücher.de'))).toBeNull();
    expect(kindOf('https://login.Bücher.example/', host('https://bücher.example'))).toBe('site');
    expect(matchSecret('https://bücher.example.evil.net/', host('https://bücher.example'))).toBeNull();
  });

  it('ignores case and a trailing dot in hosts', () => {
    expect(kindOf('https://EXAMPLE.com./', host('https://Example.COM'))).toBe('host');
    expect(kindOf('https://example.com/', host('example.com.'))).toBe('host');
  });

  it('reads a saved URL without a scheme as https', () => {
    expect(matchSecret('https://example.com/', host('example.com'))).toEqual({
      kind: 'host',
      insecure: false,
      url: 'example.com',
    });
  });
});

describe('schemes', () => {
  it('flags an http page for a secret saved for https', () => {
    expect(matchSecret('http://example.com/', host('https://example.com'))).toMatchObject({ insecure: true });
    expect(matchSecret('http://example.com/', host('example.com'))).toMatchObject({ insecure: true });
  });

  it('matches an https page for a secret saved for http without a flag', () => {
    expect(matchSecret('https://example.com/', host('http://example.com'))).toMatchObject({
      insecure: false,
    });
    expect(matchSecret('http://example.com/', host('http://example.com'))).toMatchObject({ insecure: false });
  });

  it('never matches a page that is not http or https', () => {
    for (const page of [
      'javascript:alert(document.cookie)',
      'data:text/html,<form><input type=password></form>',
      'file:///home/me/example.com/login.html',
      'about:blank',
      'blob:https://example.com/5b1c',
      'chrome-extension://abc/popup.html',
    ]) {
      expect(matchSecret(page, host('https://example.com')), page).toBeNull();
    }
  });

  it('never matches a saved URL of another scheme', () => {
    expect(matchSecret('https://example.com/', host('ftp://example.com'))).toBeNull();
    expect(matchSecret('https://example.com/', host('javascript:alert(1)'))).toBeNull();
  });
});

describe("the 'exact' rule", () => {
  const exact = (url: string): SecretUrl[] => [{ url, match: 'exact' }];

  it('matches the same origin and path', () => {
    expect(kindOf('https://example.com/login', exact('https://example.com/login'))).toBe('exact');
    expect(kindOf('https://example.com/login/', exact('https://example.com/login'))).toBe('exact');
    expect(kindOf('https://example.com/login#top', exact('https://example.com/login'))).toBe('exact');
  });

  it('does not match another path, host or port', () => {
    expect(matchSecret('https://example.com/login2', exact('https://example.com/login'))).toBeNull();
    expect(matchSecret('https://example.com/Login', exact('https://example.com/login'))).toBeNull();
    expect(matchSecret('https://www.example.com/login', exact('https://example.com/login'))).toBeNull();
    expect(matchSecret('https://example.com:8443/login', exact('https://example.com/login'))).toBeNull();
    expect(matchSecret('https://example.com.evil.net/login', exact('https://example.com/login'))).toBeNull();
  });

  it('asks for the saved query only when the saved URL has one', () => {
    expect(kindOf('https://example.com/login?next=/home', exact('https://example.com/login'))).toBe('exact');
    expect(kindOf('https://example.com/login?tenant=a', exact('https://example.com/login?tenant=a'))).toBe(
      'exact',
    );
    expect(
      matchSecret('https://example.com/login?tenant=b', exact('https://example.com/login?tenant=a')),
    ).toBeNull();
  });

  it('still flags an http page', () => {
    expect(matchSecret('http://example.com/login', exact('https://example.com/login'))).toMatchObject({
      kind: 'exact',
      insecure: true,
    });
  });
});

describe("the 'starts-with' rule", () => {
  const prefix = (url: string): SecretUrl[] => [{ url, match: 'starts-with' }];

  it('matches pages under the saved URL on the same origin', () => {
    expect(kindOf('https://example.com/app/login?x=1', prefix('https://example.com/app/'))).toBe(
      'starts-with',
    );
    expect(kindOf('https://example.com/app', prefix('https://example.com/app'))).toBe('starts-with');
    expect(kindOf('https://example.com/anything', prefix('https://example.com'))).toBe('starts-with');
  });

  it('is anchored at the origin, never a string prefix of the whole URL', () => {
    expect(matchSecret('https://example.com.evil.net/', prefix('https://example.com'))).toBeNull();
    expect(matchSecret('https://example.com:8443/', prefix('https://example.com'))).toBeNull();
    expect(matchSecret('https://example.com@evil.net/', prefix('https://example.com'))).toBeNull();
    expect(matchSecret('https://sub.example.com/app/', prefix('https://example.com/app/'))).toBeNull();
    expect(matchSecret('https://example.com/other/app/', prefix('https://example.com/app/'))).toBeNull();
  });
});

describe('a secret with several URLs', () => {
  it('answers the closest of them', () => {
    const urls: SecretUrl[] = [
      { url: 'https://example.com' },
      { url: 'https://example.com/login', match: 'exact' },
      { url: 'https://other.net' },
    ];
    expect(matchSecret('https://example.com/login', urls)).toMatchObject({
      kind: 'exact',
      url: 'https://example.com/login',
    });
    expect(matchSecret('https://www.other.net/', urls)).toMatchObject({
      kind: 'site',
      url: 'https://other.net',
    });
  });

  it('prefers the URL that needs no http warning', () => {
    const urls: SecretUrl[] = [{ url: 'https://example.com' }, { url: 'http://example.com' }];
    expect(matchSecret('http://example.com/', urls)).toMatchObject({
      insecure: false,
      url: 'http://example.com',
    });
  });

  it('skips URLs it cannot read and matches nothing without URLs', () => {
    expect(kindOf('https://example.com/', [{ url: '' }, { url: 'not a url' }, { url: 'example.com' }])).toBe(
      'host',
    );
    expect(matchSecret('https://example.com/', [])).toBeNull();
  });
});
