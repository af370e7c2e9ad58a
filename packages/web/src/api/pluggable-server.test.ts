import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestRaw, setApiBase } from './api-client.js';
import { getToken, setToken, setTokenBackend } from './token-store.js';

// The browser extension reuses this client against the server its user chose, with the token in its
// memory (packages/extension): the base URL and the token's place are the only things it changes.
describe('a pluggable server and token store', () => {
  afterEach(() => {
    setApiBase('');
    vi.unstubAllGlobals();
  });

  it('sends calls to the chosen server with the token from the chosen store', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, authorization: new Headers(init.headers).get('Authorization') });
      return new Response('{}', { status: 200 });
    });
    let kept: string | null = null;
    setTokenBackend({ read: () => kept, write: (token) => (kept = token) });
    setApiBase('https://coffer.example.com/');
    setToken('Bearer t0k3n');

    await requestRaw('/api/v1/profile.json');

    expect(kept).toBe('t0k3n');
    expect(getToken()).toBe('t0k3n');
    expect(localStorage.getItem('token')).toBeNull();
    expect(seen).toEqual([
      { url: 'https://coffer.example.com/api/v1/profile.json', authorization: 'Bearer t0k3n' },
    ]);
  });
});
