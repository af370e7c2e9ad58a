import type { UserDetail } from '@coffer/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationStore } from '../../../lib/notification-store.js';
import { renderApp } from '../../../test/render-app.js';
import { bodyOf } from '../chests/admin-fixtures.js';
import type { TeamsServer } from './teams-fixtures.js';
import { serveTeams, userDetail } from './teams-fixtures.js';

// The owner names the data administrators (issue 12): a switch on the user page, for the owner only.

async function openUserPage(user: UserDetail, server: TeamsServer = {}) {
  const calls = serveTeams({ ...server, details: [user] });
  const view = renderApp('/admin/teams');
  await act(() =>
    view.router.navigate('/admin/teams/user', {
      state: { row: user, context: 'users', from: '/admin/teams' },
    }),
  );
  await screen.findByRole('heading', { name: 'Settings' });
  return { calls, ...view };
}

const dataSwitch = () => screen.queryByRole<HTMLInputElement>('switch', { name: 'Data administrator' });

describe('/admin/teams/user: the Data administrator switch', () => {
  it('lets the owner give a member the flag and take it back', async () => {
    let ben = userDetail('u-2', 'Ben Baker');
    const { calls } = await openUserPage(ben, {
      extra: {
        'GET /api/v1/users/u-2.json': () => ({ body: ben }),
        'PUT /api/v1/users/u-2.json': (call) => {
          const { user } = bodyOf(call) as { user: Partial<UserDetail> };
          ben = { ...ben, ...user };
          return { body: ben };
        },
      },
    });
    const user = userEvent.setup();
    expect(dataSwitch()?.checked).toBe(false);
    await user.click(dataSwitch()!);
    await waitFor(() => expect(dataSwitch()?.checked).toBe(true));
    const puts = () => calls.filter((call) => call.method === 'PUT');
    expect(bodyOf(puts()[0])).toEqual({ user: { data_administrator: true } });
    expect(notificationStore.get().map((n) => n.message)).toContain('Ben Baker is now a data administrator.');
    expect(screen.getByRole('list', { name: 'Status' }).textContent).toContain('Data administrator');

    await waitFor(() => expect(dataSwitch()?.disabled).toBe(false));
    await user.click(dataSwitch()!);
    await waitFor(() => expect(dataSwitch()?.checked).toBe(false));
    expect(bodyOf(puts()[1])).toEqual({ user: { data_administrator: false } });
  });

  it('lets the owner give it to themselves, and their profile follows', async () => {
    let owner = userDetail('u-1', 'Ada Lovelace', { administrator: true });
    let profileReads = 0;
    await openUserPage(owner, {
      extra: {
        'GET /api/v1/users/u-1.json': () => ({ body: owner }),
        'PUT /api/v1/users/u-1.json': () => {
          owner = { ...owner, data_administrator: true };
          return { body: owner };
        },
        'GET /api/v1/profile.json': () => {
          profileReads += 1;
          return {
            body: { ...owner, administrator: true, first_time: false, tutorial: true, has_secret: true },
          };
        },
      },
    });
    const before = profileReads;
    await userEvent.setup().click(dataSwitch()!);
    await waitFor(() => expect(profileReads).toBeGreaterThan(before));
  });

  it('is not there for an administrator who is not the owner', async () => {
    await openUserPage(userDetail('u-3', 'Cy Cole'), { profile: { id: 'u-2', owner_id: 'u-1' } });
    expect(screen.getByRole('switch', { name: 'Administrator' })).toBeTruthy();
    expect(dataSwitch()).toBeNull();
  });
});
