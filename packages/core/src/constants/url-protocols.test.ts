import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_PROTOCOL, joinUrl, splitUrl, URL_PROTOCOLS } from './url-protocols.js';

describe('splitUrl', () => {
  it('splits a known protocol off', () => {
    expect(splitUrl('https://example.com/login')).toEqual({
      protocol: 'https://',
      address: 'example.com/login',
    });
    expect(splitUrl('ssh://git@host:22')).toEqual({ protocol: 'ssh://', address: 'git@host:22' });
    expect(splitUrl('HTTP://Example.com')).toEqual({ protocol: 'http://', address: 'Example.com' });
  });

  it('defaults to https:// without a protocol', () => {
    expect(DEFAULT_URL_PROTOCOL).toBe('https://');
    expect(URL_PROTOCOLS[0]).toBe('https://');
    expect(splitUrl('example.com')).toEqual({ protocol: 'https://', address: 'example.com' });
    expect(splitUrl('')).toEqual({ protocol: 'https://', address: '' });
    expect(splitUrl(undefined)).toEqual({ protocol: 'https://', address: '' });
  });

  it('keeps an unknown scheme whole in the address', () => {
    expect(splitUrl('smb://server/share')).toEqual({ protocol: '', address: 'smb://server/share' });
  });
});

describe('joinUrl', () => {
  it('joins protocol and address', () => {
    expect(joinUrl('https://', 'example.com')).toBe('https://example.com');
    expect(joinUrl('ftp://', ' files.example.com ')).toBe('ftp://files.example.com');
  });

  it('answers empty for an empty address', () => {
    expect(joinUrl('https://', '  ')).toBe('');
  });

  it('lets a full url typed as address win', () => {
    expect(joinUrl('https://', 'http://plain.example.com')).toBe('http://plain.example.com');
  });

  it('round-trips what splitUrl made', () => {
    for (const url of ['https://a.example/x?y=1', 'ssh://host', 'smb://server/share']) {
      const { protocol, address } = splitUrl(url);
      expect(joinUrl(protocol, address)).toBe(url);
    }
  });
});
