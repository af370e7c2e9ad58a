import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTrust } from '../../../keys/key-trust.js';
import { makeAccountKeys } from '../../../keys/make-account-keys.js';
import { notificationStore } from '../../../lib/notification-store.js';
import { invitationRow } from '../../../test/invitation-row-fixture.js';
import { renderApp } from '../../../test/render-app.js';
import { bodyOf, teamRow } from '../chests/admin-fixtures.js';
import { everyone, serveTeams, userRow } from './teams-fixtures.js';

// Keys are core's (tested there); here the flow: what is made from which password, and what is sent.
let release: () => void = () => undefined;
vi.mock('../../../keys/make-account-keys.js', () => ({
  makeAccountKeys: vi.fn(async (_email: string, password: string) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return {
      keys: {
        authHash: `hash-of-${password}`,
        public_key: 'bmV3cHVibGlj',
        encrypted_private_key: 'new-sealed',
        private_key_iv: 'new-iv',
        kdf_iterations: 600_000,
      },
      unlock: async () => undefined,
    };
  }),
}));

const ops = teamRow('t-ops', 'Operations');
const notices = () => notificationStore.get().map((notification) => notification.message);

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  name = 'Ann Able',
  email = 'Ann@Example.com',
) {
  await user.type(await screen.findByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
}

describe('/admin/teams/user/new', () => {
  beforeEach(() => {
    vi.mocked(makeAccountKeys).mockClear();
  });

  it("checks the name and e-mail with the spec's messages", async () => {
    serveTeams();
    const user = userEvent.setup();
    renderApp('/admin/teams/user/new');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const banner = within(screen.getByRole('alert'));
    expect(banner.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Required field Name is empty.',
      'Field Email is not a valid email.',
    ]);
    expect(makeAccountKeys).not.toHaveBeenCalled();
  });

  it('goes FORM → CREATE → FINISH, sending keys made from the generated password, never the password', async () => {
    const calls = serveTeams({
      teams: [everyone, ops],
      extra: {
        'POST /api/v1/users.json': { status: 201, body: userRow('u-7', 'Ann Able', { confirmed_at: null }) },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    await router.navigate('/admin/teams/user/new', {
      state: { row: ops, context: 'teams', from: '/admin/teams/show' },
    });
    expect(await screen.findByRole('list', { name: 'Teams' })).toHaveProperty('textContent', 'Operations×');
    await fillForm(user);
    await user.keyboard('{Escape}{Shift>}S{/Shift}');

    expect(await screen.findByText('Adding Ann Able to the product...')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Ann Able has been added' })).toBeTruthy();

    const password = screen.getByTestId('generated-password').textContent ?? '';
    expect(password).toHaveLength(12);
    expect(makeAccountKeys).toHaveBeenCalledWith('ann@example.com', password);
    const post = bodyOf(calls.find((call) => call.method === 'POST' && call.path === '/api/v1/users.json'));
    expect(post).toEqual({
      user: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Ann Able',
        email: 'ann@example.com',
        password: `hash-of-${password}`,
        public_key: 'bmV3cHVibGlj',
        encrypted_private_key: 'new-sealed',
        private_key_iv: 'new-iv',
        kdf_iterations: 600_000,
        team_ids: ['t-ops'],
      },
    });
    expect(JSON.stringify(post)).not.toContain(`"${password}"`);
    // This browser made the key: the signed-in administrator trusts it, so keys follow unasked.
    await waitFor(async () =>
      expect(await loadTrust('u-1', 'u-7')).toMatchObject({ userId: 'u-7', origin: 'created' }),
    );
    const steps = within(screen.getByRole('list', { name: 'Instructions' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Confirm the e-mail address with the link we have sent to ann@example.com.',
      'Log in with the e-mail ann@example.com and the generated password above.',
      'Set a new personal password when asked: only you will know it.',
      'Set up Two-Step Verification if applicable.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to Teams' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'));
  });

  it("says 'Could not send email successfully.' when the confirmation mail did not leave, and resends it", async () => {
    const calls = serveTeams({
      extra: {
        'POST /api/v1/users.json': {
          status: 201,
          body: { ...userRow('u-7', 'Ann Able', { confirmed_at: null }), mail_sent: false },
        },
        'POST /api/v1/users/u-7/confirmation.json': { body: { mail_sent: true } },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/teams/user/new');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    release();
    expect(await screen.findByRole('heading', { name: 'Ann Able has been added' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Could not send email successfully.');
    const steps = within(screen.getByRole('list', { name: 'Instructions' })).getAllByRole('listitem');
    expect(steps[0]?.textContent).not.toContain('we have sent');

    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend email' })).toBeNull());
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/v1/users/u-7/confirmation.json'),
    ).toBe(true);
    expect(notices()).toContain('A new confirmation email has been sent to ann@example.com.');
    expect(
      screen.getByText('Confirm the e-mail address with the link we have sent to ann@example.com.'),
    ).toBeTruthy();
  });

  it.each(['Email has already been taken', 'Users exceed subscription limit.'])(
    'returns to FORM with the message when the server answers %s',
    async (message) => {
      serveTeams({ extra: { 'POST /api/v1/users.json': { status: 400, body: { errors: [message] } } } });
      const user = userEvent.setup();
      renderApp('/admin/teams/user/new');
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Add User' }));
      release();
      const banner = await screen.findByRole('alert');
      expect(banner.textContent).toBe(message);
      expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ann Able');
      expect(screen.queryByTestId('generated-password')).toBeNull();
    },
  );

  it('leaves the default team out of what it sends (every user joins it)', async () => {
    const calls = serveTeams({
      extra: { 'POST /api/v1/users.json': { status: 201, body: userRow('u-7', 'Ann Able') } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    await router.navigate('/admin/teams/user/new', { state: { row: everyone, context: 'teams', from: '' } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    release();
    await screen.findByTestId('generated-password');
    const post = bodyOf(calls.find((call) => call.path === '/api/v1/users.json' && call.method === 'POST'));
    expect(post).toMatchObject({ user: { team_ids: [] } });
  });

  it('invites by e-mail instead, then shows the users', async () => {
    const calls = serveTeams({
      extra: { 'POST /api/v1/invitations.json': { status: 201, body: { id: 'i-1' } } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams/user/new');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Invite by Email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'));
    const post = bodyOf(calls.find((call) => call.path === '/api/v1/invitations.json'));
    expect(post).toEqual({ invitation: { name: 'Ann Able', email: 'ann@example.com', team_ids: [] } });
    expect(notices()).toContain('An invitation has been sent to ann@example.com.');
    expect(makeAccountKeys).not.toHaveBeenCalled();
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });

  it("keeps the invitation when its mail failed: 'Could not send email successfully.', and the row offers Resend", async () => {
    serveTeams({
      invitations: [invitationRow('i-1', 'ann@example.com')],
      extra: {
        'POST /api/v1/invitations.json': {
          status: 201,
          body: { ...invitationRow('i-1', 'ann@example.com'), mail_sent: false },
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams/user/new');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Invite by Email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'));
    expect(notices()).toContain('Could not send email successfully.');
    expect(notices()).not.toContain('An invitation has been sent to ann@example.com.');
    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    expect(await within(invitations).findByText('Email not sent')).toBeTruthy();
    expect(
      within(invitations).getByRole('button', { name: 'Resend the invitation of ann@example.com' }),
    ).toBeTruthy();
  });
});
