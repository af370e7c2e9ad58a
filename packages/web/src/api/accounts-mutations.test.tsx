import type { Profile } from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useChangePassword } from './accounts-mutations.js';
import { accountQueryKeys } from './accounts-queries.js';

// A profile refresh answered before a password change, landing after it, must not put the old
// profile back: the home screen would send the user to set a personal password again (seen in the
// R18 journey, where the trust log's checkpoint answered 403 during the change and the shell
// refreshed the profile at that moment).

describe('the cached profile after a change', () => {
  it('keeps the change when a refresh started before it answers after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const before = { id: 'u-1', must_change_password: true } as Profile;
    client.setQueryData(accountQueryKeys.profile, before);
    let answerRefresh: (profile: Profile) => void = () => undefined;
    const refreshing = client.fetchQuery({
      queryKey: accountQueryKeys.profile,
      queryFn: () =>
        new Promise<Profile>((resolve) => {
          answerRefresh = resolve;
        }),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useChangePassword(async () => ({ ok: true as const, sealed: { public_key: 'new' } })),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(undefined));
    // The refresh was asked before the change: the server answered the old profile.
    answerRefresh(before);
    await refreshing.catch(() => undefined);
    expect(client.getQueryData<Profile>(accountQueryKeys.profile)).toMatchObject({
      must_change_password: false,
      public_key: 'new',
    });
  });
});
