// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import type { SecretUrl } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { frameMayReceive, frameOriginOf } from './frame-policy.js';

const urls: SecretUrl[] = [{ url: 'https://example.com' }];

describe('frameMayReceive', () => {
  it('lets a frame of the top page’s origin receive the secret', () => {
    expect(frameMayReceive('https://www.example.com/', 'https://www.example.com/login-frame', urls)).toBe(
      'yes',
    );
  });

  it('lets a same-origin frame receive a secret whose exact URL is the frame’s, not the page’s', () => {
    const exact: SecretUrl[] = [{ url: 'https://example.com/login', match: 'exact' }];
    expect(frameMayReceive('https://example.com/home', 'https://example.com/login', exact)).toBe('yes');
    expect(frameMayReceive('https://example.com/login', 'https://example.com/home', exact)).toBe('no');
  });

  it('asks about a frame of another origin even when both match the secret', () => {
    expect(frameMayReceive('https://www.example.com/', 'https://accounts.example.com/embed', urls)).toBe(
      'ask',
    );
    expect(frameMayReceive('https://www.example.com/', 'http://www.example.com/', urls)).toBe('ask');
    expect(frameMayReceive('https://www.example.com/', 'https://www.example.com:8443/', urls)).toBe('ask');
  });

  it('never offers the secret to a frame that does not match it', () => {
    expect(frameMayReceive('https://www.example.com/', 'https://ads.evil.net/frame', urls)).toBe('no');
  });

  it('never offers the secret inside a page that does not match it, whatever the frame', () => {
    expect(frameMayReceive('https://evil.net/', 'https://www.example.com/login', urls)).toBe('no');
  });

  it('never offers it to frames that are not the web', () => {
    expect(frameMayReceive('https://www.example.com/', 'about:blank', urls)).toBe('no');
    expect(frameMayReceive('https://www.example.com/', 'data:text/html,<input type=password>', urls)).toBe(
      'no',
    );
  });
});

describe('frameOriginOf', () => {
  it('names the frame as the browser writes its origin', () => {
    expect(frameOriginOf('https://Accounts.Example.com:443/embed?x=1')).toBe('https://accounts.example.com');
    expect(frameOriginOf('javascript:void(0)')).toBeNull();
  });
});
