import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { accountQueryKeys } from '../api/accounts-queries.js';
import { getToken } from '../api/token-store.js';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { logOut, startSession } from './session-actions.js';

describe('startSession', () => {
  it("clears what a previous user left but dark_mode, stores the token without 'Bearer' and seeds the profile", () => {
    localStorage.setItem('dark_mode', 'false');
    localStorage.setItem('lastChest', 'someone-elses');
    const queryClient = new QueryClient();
    const profile = buildProfile({ dark_mode: true });

    startSession(queryClient, 'Bearer tok-1', profile);

    expect(getToken()).toBe('tok-1');
    expect(localStorage.getItem('lastChest')).toBeNull();
    expect(localStorage.getItem('dark_mode')).toBe('true');
    expect(queryClient.getQueryData(accountQueryKeys.profile)).toEqual(profile);
  });
});

describe('logOut', () => {
  it('revokes the token on the server, clears the session and goes to /login', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('dark_mode', 'true');
    const calls = mockFetch({ 'DELETE /users/sign_out.json': { status: 204 } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountQueryKeys.profile, buildProfile());
    const navigate = vi.fn();

    await logOut(queryClient, navigate);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /users/sign_out.json']);
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('dark_mode')).toBe('true');
    expect(queryClient.getQueryData(accountQueryKeys.profile)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('still ends the session locally when the server cannot be reached', async () => {
    localStorage.setItem('token', 'tok-1');
    mockFetch({ 'DELETE /users/sign_out.json': { status: 500 } });
    const navigate = vi.fn();
    await logOut(new QueryClient(), navigate);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
