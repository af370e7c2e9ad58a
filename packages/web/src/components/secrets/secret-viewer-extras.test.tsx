import type { PasswordPayload } from '@coffer/core';
import { parseTotp, TOTP_CANNOT_MAKE_CODES_MESSAGE, totpCode } from '@coffer/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { secretRecord } from '../../test/secret-fixture.js';
import { SecretViewer } from './secret-viewer.js';
import { groupCode } from './totp-code-view.js';

vi.mock('../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../strength/password-strength-meter.js', () => ({ PasswordStrengthMeter: () => null }));

const secret = secretRecord({ name: 'Bank' });
const URI = 'otpauth://totp/Bank:ada?secret=JBSWY3DPEHPK3PXP&digits=8&algorithm=SHA256';
const login = (extra: Partial<PasswordPayload> = {}): PasswordPayload => ({
  username: 'ada',
  password: 'current',
  url: 'https://bank.example',
  note: '',
  ...extra,
});

async function openViewer(payload: PasswordPayload) {
  vi.mocked(openSecretRecord).mockResolvedValue({ secret, payload, header: { verified: false } });
  render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
  return screen.findByRole('heading', { name: 'Bank' });
}

beforeEach(() => {
  vi.mocked(openSecretRecord).mockReset();
});

describe('the authenticator code', () => {
  // The start of a 30-second step: 1111111080 is a multiple of 30.
  const T0 = 1111111080_000;
  const parsed = parseTotp(URI);
  if (!parsed.ok) throw new Error(parsed.error);
  const key = parsed.key;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the current code with its ring and Copy, the next code in the last 5 s, and moves on', async () => {
    vi.useFakeTimers({ now: T0, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.mocked(openSecretRecord).mockResolvedValue({
      secret,
      payload: login({ totp: URI }),
      header: { verified: false },
    });
    render(<SecretViewer secretId="s-1" userId="u-1" onClose={vi.fn()} />);
    await act(async () => {});

    const current = totpCode(key, T0);
    const next = totpCode(key, T0 + 30_000);
    expect(current).toHaveLength(8);
    expect(screen.getByText(groupCode(current))).toBeTruthy();
    expect(screen.getByRole('img', { name: '30 seconds left' })).toBeTruthy();
    expect(screen.queryByText(groupCode(next))).toBeNull();

    act(() => vi.advanceTimersByTime(24_000));
    expect(screen.getByRole('img', { name: '6 seconds left' })).toBeTruthy();
    expect(screen.queryByText(groupCode(next))).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('img', { name: '5 seconds left' })).toBeTruthy();
    expect(screen.getByText(groupCode(next))).toBeTruthy();
    expect(screen.getByText(/Next code/)).toBeTruthy();

    // Copy gives the code without the space; the button says 'Copied' for 1 second. (user-event's
    // setup puts its clipboard stub in place.)
    userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Authenticator code' }));
    });
    expect(writeText).toHaveBeenCalledWith(current);
    expect(screen.getByRole('button', { name: 'Authenticator code copied' }).textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: 'Copy Authenticator code' }).textContent).toBe('Copy');

    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('img', { name: '30 seconds left' })).toBeTruthy();
    expect(screen.getByText(groupCode(next))).toBeTruthy();
    expect(screen.queryByText(/Next code/)).toBeNull();
  });

  it('shows a key kept verbatim masked, with the reason no code can be made', async () => {
    await openViewer(login({ totp: 'not-base32!' }));
    expect(screen.getByText(TOTP_CANNOT_MAKE_CODES_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('not-base32!')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show Authenticator key (TOTP)' }));
    expect(screen.getByText('not-base32!')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /seconds left/ })).toBeNull();
  });

  it('shows no authenticator row for a secret without a key', async () => {
    await openViewer(login());
    expect(screen.queryByText('Authenticator code')).toBeNull();
    expect(screen.queryByText('Authenticator key (TOTP)')).toBeNull();
  });
});

describe('custom fields, URLs and history in the viewer', () => {
  it('shows custom fields in order: hidden masked with reveal and copy, yes/no as Yes/No', async () => {
    await openViewer(
      login({
        fields: [
          { name: 'Customer', kind: 'text', value: 'C-1' },
          { name: 'PIN', kind: 'hidden', value: '1234' },
          { name: 'VPN', kind: 'boolean', value: 'true' },
          { name: 'Paper statements', kind: 'boolean', value: 'false' },
        ],
      }),
    );
    const labels = screen.getAllByRole('term').map((term) => term.textContent);
    expect(labels.slice(-4)).toEqual(['Customer', 'PIN', 'VPN', 'Paper statements']);
    expect(screen.getByText('C-1')).toBeTruthy();
    expect(screen.queryByText('1234')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show PIN' }));
    expect(screen.getByText('1234')).toBeTruthy();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy PIN' }));
    expect(writeText).toHaveBeenCalledWith('1234');
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy VPN' })).toBeNull();
  });

  it('shows every URL with its match rule', async () => {
    await openViewer(
      login({
        urlMatch: 'exact',
        moreUrls: [
          { url: 'https://app.bank.example/', match: 'starts-with' },
          { url: 'https://old.bank.example' },
        ],
      }),
    );
    const row = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
    expect(within(row('URL')).getByText('https://bank.example')).toBeTruthy();
    expect(within(row('URL')).getByText('Match: Exact')).toBeTruthy();
    expect(within(row('URL 2')).getByText('Match: Starts with')).toBeTruthy();
    expect(within(row('URL 3')).getByText('Match: Host')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy URL 2' })).toBeTruthy();
  });

  it("opens 'Password history': earlier values with their dates, masked, with reveal and copy", async () => {
    await openViewer(
      login({
        history: [
          { field: 'password', value: 'previous-pw', changedAt: '2026-11-20T09:30:00.000Z' },
          { field: 'PIN', value: '0000', changedAt: '2026-10-01T08:00:00.000Z' },
        ],
      }),
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /Password history/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Password · 20/11/2026, 09:30')).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('region', { name: 'Password history' });
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Password · 20/11/2026, 09:30', 'PIN · 01/10/2026, 08:00']);
    expect(within(list).queryByText('previous-pw')).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Show Password · 20/11/2026, 09:30' }));
    expect(within(list).getByText('previous-pw')).toBeTruthy();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(list).getByRole('button', { name: 'Copy PIN · 01/10/2026, 08:00' }));
    expect(writeText).toHaveBeenCalledWith('0000');
  });

  it('has no history button when there is no history', async () => {
    await openViewer(login());
    expect(screen.queryByRole('button', { name: /Password history/ })).toBeNull();
  });
});
