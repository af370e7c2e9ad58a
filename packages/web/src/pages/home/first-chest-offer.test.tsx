import type { Chest } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../lib/notification-store.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { chestRow } from './dashboard-fixtures.js';

vi.mock('../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

const EVERYONE = { id: 't-e', name: 'Everyone', default_for_new_users: true, memberships: [] };

/** A signed-in user whose organisation starts with `chests`; a POST of a chest adds it. */
function serveOrganisation({ administrator, chests }: { administrator: boolean; chests: Chest[] }) {
  localStorage.setItem('token', 'tok');
  const list = (items: unknown[]) => ({ body: { items, total: items.length, next_cursor: null } });
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ administrator }) },
    'GET /api/v1/secrets.json': list([]),
    'GET /api/v1/vaults.json': () => list(chests),
    'GET /api/v1/teams.json': list([EVERYONE]),
    'POST /api/v1/vaults.json': (call) => {
      const body = JSON.parse(String(call.init.body)) as { vault: { name: string } };
      const chest = chestRow('c-new', body.vault.name, { secret_count: 0 });
      chests.push(chest);
      return { status: 201, body: chest };
    },
  });
}

const offer = () => screen.queryByRole('region', { name: 'Create your first chest' });

describe("the empty dashboard's first chest", () => {
  it('makes the chest for everyone in one step and opens the new secret form in it', async () => {
    const calls = serveOrganisation({ administrator: true, chests: [] });
    const user = userEvent.setup();
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Create your first chest' });
    expect(within(region).getByLabelText('Name')).toHaveProperty('value', 'Shared');
    const create = within(region).getByRole('button', { name: 'Create your first chest' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    await user.click(create);

    const form = await screen.findByRole('form', { name: 'New Secret' });
    await waitFor(() => expect(within(form).getByLabelText('Chest')).toHaveProperty('value', 'c-new'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.init.body))).toMatchObject({
      vault: { name: 'Shared', assignments_attributes: [{ team_id: 't-e', edit_access: true }] },
    });
    expect(notificationStore.get().map((n) => n.message)).toContain('Shared created!');
    await waitFor(() => expect(offer()).toBeNull());
  });

  it('takes another name, and refuses an empty one with the chest form message', async () => {
    const calls = serveOrganisation({ administrator: true, chests: [] });
    const user = userEvent.setup();
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Create your first chest' });
    const name = within(region).getByLabelText('Name');
    const create = within(region).getByRole('button', { name: 'Create your first chest' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    await user.clear(name);
    await user.click(create);
    expect(await within(region).findByText('Required field Name is empty.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(name, 'Family{Enter}');
    await screen.findByRole('form', { name: 'New Secret' });
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toMatchObject({ vault: { name: 'Family' } });
  });

  it('is not offered to a member, nor once the organisation has a chest', async () => {
    serveOrganisation({ administrator: false, chests: [] });
    const first = renderApp('/');
    expect(await screen.findByText('No Secrets Found')).toBeTruthy();
    expect(offer()).toBeNull();
    first.unmount();

    serveOrganisation({ administrator: true, chests: [chestRow('c-1', 'Operations')] });
    renderApp('/');
    expect(await screen.findByText('No Secrets Found')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Secret' })).toBeTruthy());
    expect(offer()).toBeNull();
  });
});
