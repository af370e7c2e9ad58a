// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import { describe, expect, it } from 'vitest';
import { originOf, readPageAddress, readSavedAddress, siteOf } from './web-address.js';

describe('readSavedAddress', () => {
  it('reads a URL without a scheme as https', () => {
    expect(readSavedAddress('example.com/login')).toMatchObject({
      scheme: 'https',
      host: 'example.com',
      port: 443,
      portNamed: false,
      path: '/login',
    });
    expect(readSavedAddress('//example.com')).toMatchObject({ scheme: 'https', host: 'example.com' });
  });

  it('reads host:port without a scheme as a host, not as a scheme', () => {
    expect(readSavedAddress('localhost:3000')).toMatchObject({
      scheme: 'https',
      host: 'localhost',
      port: 3000,
    });
    expect(readSavedAddress('example.com:8443/x')).toMatchObject({ host: 'example.com', port: 8443 });
  });

  it('knows a written default port from none', () => {
    expect(readSavedAddress('https://example.com:443')).toMatchObject({ port: 443, portNamed: true });
    expect(readSavedAddress('https://example.com')).toMatchObject({ port: 443, portNamed: false });
    expect(readSavedAddress('https://user:pw@example.com/')).toMatchObject({ portNamed: false });
    expect(readSavedAddress('http://[::1]:80/')).toMatchObject({ host: '[::1]', port: 80, portNamed: true });
    expect(readSavedAddress('http://[::1]/')).toMatchObject({ host: '[::1]', port: 80, portNamed: false });
    expect(readSavedAddress('https://example.com:/')).toMatchObject({ portNamed: false });
  });

  it('refuses schemes that are not the web and text that is not a URL', () => {
    for (const saved of [
      '',
      '   ',
      'javascript:alert(1)',
      'data:text/html,<form>',
      'file:///etc/passwd',
      'ftp://example.com',
      'androidapp://com.example',
      'mailto:someone@example.com',
      'https://',
      'https://exa mple.com',
    ]) {
      expect(readSavedAddress(saved), saved).toBeNull();
    }
  });

  it('trims what was typed around the URL', () => {
    expect(readSavedAddress('  https://example.com/  ')).toMatchObject({ host: 'example.com' });
  });
});

describe('readPageAddress', () => {
  it('lower-cases the host, writes IDN in punycode and drops a trailing dot', () => {
    expect(readPageAddress('https://WWW.Example.COM./Path')).toMatchObject({
      host: 'www.example.com',
      site: 'example.com',
      path: '/Path',
    });
    expect(readPageAddress('https://bücher.example/')).toMatchObject({ host: 'xn--bcher-kva.example' });
  });

  it('reads the host a userinfo trick really names', () => {
    expect(readPageAddress('https://example.com@evil.net/login')).toMatchObject({
      host: 'evil.net',
      site: 'evil.net',
    });
  });

  it('gives IP addresses, localhost, single labels and bare suffixes no site', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]:8080/',
      'http://[2001:db8::1]/',
      'http://localhost:3000/',
      'http://intranet/',
      'https://co.uk/',
      'https://github.io/',
    ]) {
      expect(readPageAddress(url)?.site, url).toBeNull();
    }
  });

  it('never reads pages that are not http or https', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///tmp/a.html',
      'about:blank',
      'chrome://settings',
    ]) {
      expect(readPageAddress(url), url).toBeNull();
    }
  });

  it('does not add https to a page URL without a scheme', () => {
    expect(readPageAddress('example.com')).toBeNull();
  });
});

describe('siteOf', () => {
  it('is the registrable domain by the Public Suffix List, private suffixes included', () => {
    expect(siteOf('https://login.example.com/')).toBe('example.com');
    expect(siteOf('https://www.bbc.co.uk/')).toBe('bbc.co.uk');
    expect(siteOf('https://a.github.io/x')).toBe('a.github.io');
    expect(siteOf('https://example.com.evil.net/')).toBe('evil.net');
  });

  it('is the bare host where there is no registrable domain', () => {
    expect(siteOf('http://localhost:3000/')).toBe('localhost');
    expect(siteOf('http://192.168.1.1/')).toBe('192.168.1.1');
    expect(siteOf('http://[::1]/')).toBe('[::1]');
  });

  it('is null for a page that is not the web', () => {
    expect(siteOf('file:///x')).toBeNull();
  });
});

describe('originOf', () => {
  it('leaves the default port out, as browsers do', () => {
    expect(originOf(readPageAddress('https://example.com:443/a')!)).toBe('https://example.com');
    expect(originOf(readPageAddress('http://example.com:8080/a')!)).toBe('http://example.com:8080');
  });
});
