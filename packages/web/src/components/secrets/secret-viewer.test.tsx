import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import {
  INTEGRITY_ERROR_MESSAGE,
  olderRevisionMessage,
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
} from '../../crypto-client/secret-access-error.js';
import { notificationStore } from '../../lib/notification-store.js';
import { secretRecord } from '../../test/secret-fixture.js';
import { SecretViewer } from './secret-viewer.js';

vi.mock('../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: ({ password }: { password: string }) => (
    <meter aria-label="Password strength" value={password.length} />
  ),
}));

const secret = secretRecord;
const payload = { username: 'ada', password: 'S3cret-Pa55!', url: 'https://mail.example.com', note: '' };

beforeEach(() => {
  vi.mocked(openSecretRecord).mockReset();
});

describe('the secret viewer', () => {
  it('shows each field with copy buttons, the password masked until revealed, and the meter', async () => {
    vi.mocked(openSecretRecord).mockResolvedValue({ secret: secret(), payload, header: { verified: false } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);

    expect(await screen.findByRole('heading', { name: 'Mail' })).toBeTruthy();
    expect(screen.getByText('Password · Operations')).toBeTruthy();
    expect(screen.getByText('ada')).toBeTruthy();
    expect(screen.queryByText('S3cret-Pa55!')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(screen.getByText('S3cret-Pa55!')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy Password' }));
    expect(writeText).toHaveBeenCalledWith('S3cret-Pa55!');
    expect(screen.getByRole('button', { name: 'Password copied' }).textContent).toBe('Copied');
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Copy Password' }).textContent).toBe('Copy'),
      {
        timeout: 2000,
      },
    );
  });

  it('says whether a password secret offers to fill sign-in forms', async () => {
    vi.mocked(openSecretRecord).mockResolvedValue({
      secret: secret({ form_fill: true }),
      payload,
      header: { verified: false },
    });
    const { unmount } = render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
    expect(await screen.findByText('On: offer to fill sign-in forms on this site')).toBeTruthy();
    expect(screen.getByText('Form fill')).toBeTruthy();
    unmount();
    vi.mocked(openSecretRecord).mockResolvedValue({
      secret: secret({ form_fill: false }),
      payload,
      header: { verified: false },
    });
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Mail' });
    expect(screen.getByText('Form fill').nextElementSibling?.textContent).toBe('Off');
  });

  it('offers Edit Secret only when allowed', async () => {
    vi.mocked(openSecretRecord).mockResolvedValue({ secret: secret(), payload, header: { verified: false } });
    const onEdit = vi.fn();
    const { unmount } = render(
      <SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} canEdit={() => false} onEdit={onEdit} />,
    );
    await screen.findByRole('heading', { name: 'Mail' });
    expect(screen.queryByRole('button', { name: 'Edit Secret' })).toBeNull();
    unmount();
    render(
      <SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} canEdit={() => true} onEdit={onEdit} />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Secret' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 's-1' }));
  });

  it('shows an integrity error and no data when decryption fails', async () => {
    vi.mocked(openSecretRecord).mockImplementation(async () => {
      throw new SecretAccessError('integrity', INTEGRITY_ERROR_MESSAGE);
    });
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(INTEGRITY_ERROR_MESSAGE);
    expect(screen.queryByText('ada')).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
  });

  it('says the key was not found, as the spec words it, and closes', async () => {
    vi.mocked(openSecretRecord).mockImplementation(async () => {
      throw new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
    });
    const onClose = vi.fn();
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notificationStore.get().map((n) => n.message)).toEqual([
      'Secret key for this secret was not found, please contact an administrator to reshare.',
    ]);
  });

  it('refuses, showing no field, a revision older than one already seen', async () => {
    vi.mocked(openSecretRecord).mockImplementation(async () => {
      throw new SecretAccessError('rollback', olderRevisionMessage(2, 5));
    });
    const onClose = vi.fn();
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={onClose} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The server sent an older version of this secret (revision 2) than one this browser has already seen (revision 5). It has not been opened: the server may have rolled it back. Tell an administrator.',
    );
    expect(alert.dataset.errorKind).toBe('rollback');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the address country by name', async () => {
    vi.mocked(openSecretRecord).mockResolvedValue({
      secret: secret({ category: 'address', name: 'Office' }),
      payload: {
        addressOne: '1 Main St',
        addressTwo: '',
        addressThree: '',
        addressFour: '',
        postalCode: 'SW1A 1AA',
        country: 'GB',
        note: 'Reception',
      },
      header: { verified: false },
    });
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
    expect(await screen.findByText('United Kingdom')).toBeTruthy();
    expect(screen.getByText('Postal Code')).toBeTruthy();
  });
});
