import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../../test/profile-fixture.js';
import { renderApp } from '../../../test/render-app.js';
import { type AdminServer, adminSecret, serveAdmin } from './admin-fixtures.js';

// Issue 26: after ownership moves in another browser, an open session stops offering the owner's
// controls at the next navigation or after a refusal, without waiting for the profile to go stale.

const removed = adminSecret('s-7', 'Old Mail', {
  marked_for_deletion: true,
  deleted_at: '2024-06-01T10:00:00.000Z',
});

/** The owner (u-1) on Deleted Secrets; `server.ownerId` is who owns the organisation on the server now. */
function serveMovingOwnership(extra: AdminServer['extra'] = {}) {
  const server = { ownerId: 'u-1' };
  const calls = serveAdmin({
    deleted: [removed],
    extra: {
      'GET /api/v1/profile.json': () => ({
        body: buildProfile({ administrator: true, owner_id: server.ownerId }),
      }),
      ...extra,
    },
  });
  return { server, calls };
}

async function menuOfOldMail(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(await screen.findByRole('button', { name: 'Options for Old Mail' }));
  const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
  const labels = items.map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return labels;
}

describe('owner controls follow the owner', () => {
  it('drops Delete Permanently at the next navigation once ownership moved', async () => {
    const { server } = serveMovingOwnership();
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chests/deleted');
    expect(await menuOfOldMail(user)).toEqual(['Restore', 'Delete Permanently']);

    server.ownerId = 'u-2';
    await act(() => router.navigate('/admin/chests'));
    await act(() => router.navigate('/admin/chests/deleted'));
    await waitFor(async () => expect(await menuOfOldMail(user)).toEqual(['Restore']));
  });

  it('asks for the profile again after a 403, and drops Delete Permanently', async () => {
    const { server, calls } = serveMovingOwnership({
      'POST /api/v1/secrets/s-7/unmark_for_deletion.json': {
        status: 403,
        body: { error: 'You do not have permission to do that.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/chests/deleted');
    expect(await menuOfOldMail(user)).toEqual(['Restore', 'Delete Permanently']);
    const profileCalls = () => calls.filter((call) => call.path === '/api/v1/profile.json').length;
    const before = profileCalls();

    server.ownerId = 'u-2';
    await user.click(await screen.findByRole('button', { name: 'Options for Old Mail' }));
    await user.click(screen.getByRole('menuitem', { name: 'Restore' }));
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
    await waitFor(async () => expect(await menuOfOldMail(user)).toEqual(['Restore']));
  });
});
