import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { TwoFactorSetup } from './two-factor-setup.js';

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>';
const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

function setUp(activate: (call: FetchCall) => { status?: number; body?: unknown }) {
  localStorage.setItem('token', 'tok');
  const calls = mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile() },
    'GET /api/v1/two-factor-code.json': { body: { key: 'JBSWY3DPEHPK3PXP', qr: QR_SVG } },
    'PUT /api/v1/two-factor-active.json': activate,
    'GET /api/v1/two-factor-backup.json': { body: { '2faCodes': CODES } },
  });
  const onDone = vi.fn();
  renderApp('/', { signedIn: [{ path: '/', element: <TwoFactorSetup onDone={onDone} /> }] });
  return { calls, onDone, user: userEvent.setup() };
}

// jsdom's Blob has no text(); FileReader reads it.
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const rightCode = (call: FetchCall) =>
  JSON.parse(String(call.init.body)).code === '123456'
    ? { body: { '2fa': 'Success: Correct OTP Code!' } }
    : {
        status: 400,
        body: {
          '2fa': 'Incorrect OTP code, please try again.',
          errors: ['Incorrect OTP code, please try again.'],
        },
      };

describe('two-step setup', () => {
  it('offers authenticator apps for iPhone, Android and Windows first', async () => {
    setUp(rightCode);
    for (const name of ['Download for iPhone', 'Download for Android', 'Download for Windows'])
      expect(await screen.findByRole('link', { name })).toBeTruthy();
  });

  it('CODE: shows the QR as a data: image and the key; Enable waits for an edit; a wrong code shows the message', async () => {
    const { user, calls } = setUp(rightCode);
    await user.click(await screen.findByRole('button', { name: 'I have an app' }));
    const image = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(QR_SVG)}`);
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSWY3DPEHPK3PXP');

    const enable = screen.getByRole('button', { name: 'Enable' });
    expect(enable).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Verification code'), '999 999');
    expect(enable).toHaveProperty('disabled', false);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Incorrect OTP code, please try again.')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(enable).toHaveProperty('disabled', true);
  });

  it('SUCCESS shows the recovery codes with Print and Download; CONFIRM Back returns; Yes finishes', async () => {
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, calls, onDone } = setUp(rightCode);

    await user.click(await screen.findByRole('button', { name: 'I have an app' }));
    await screen.findByTestId('two-factor-key');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Enable' }));

    expect(await screen.findByRole('heading', { name: 'Two-Step Verification is on' })).toBeTruthy();
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await user.click(screen.getByRole('button', { name: 'Download' }));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await readBlob(blob)).toContain(CODES.join('\n'));
    expect((clicked.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'coffer-recovery-codes.txt',
    );
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body.classList.contains('print-recovery-codes')).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('print-recovery-codes')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Did you save your recovery codes?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('recovery-codes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    // The codes are fetched once (each fetch makes new ones); the profile is fetched again.
    expect(calls.filter((c) => c.path === '/api/v1/two-factor-backup.json')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/v1/profile.json').length).toBeGreaterThan(1);
  });
});
