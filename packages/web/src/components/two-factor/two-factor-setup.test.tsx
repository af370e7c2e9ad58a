import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import {
  PASSWORD_AGAIN,
  passwordProofs,
  provePasswordIn,
  refuseUntilProven,
  verifyPasswordRoute,
} from '../../test/password-prompt.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { TwoFactorSetup } from './two-factor-setup.js';

// SecureConfirm's derivation stands in (test/password-prompt.ts).
vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>';
const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];
const SEED = { body: { key: 'JBSWY3DPEHPK3PXP', qr: QR_SVG } };
const START_TITLE = 'Set up two-step verification?';

function setUp(activate: (call: FetchCall) => FakeAnswer, start: FakeAnswer | (() => FakeAnswer) = SEED) {
  localStorage.setItem('token', 'tok');
  const calls = mockFetch({
    ...verifyPasswordRoute,
    'GET /api/v1/profile.json': { body: buildProfile() },
    'GET /api/v1/two-factor-code.json': start,
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
    await provePasswordIn(user, START_TITLE);
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
    await provePasswordIn(user, START_TITLE);
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

  it('asks for the password before the seed is fetched; a wrong one or Cancel fetches none', async () => {
    const { user, calls } = setUp(rightCode);
    await user.click(await screen.findByRole('button', { name: 'I have an app' }));
    const dialog = screen.getByRole('dialog', { name: START_TITLE });
    expect(
      within(dialog).getByText(
        'Enter your password to continue: the setup code is shown only to someone who knows it.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password'), 'a guess{Enter}');
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'I have an app' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/v1/two-factor-code.json')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'I have an app' }));
    await provePasswordIn(user, START_TITLE);
    expect(await screen.findByTestId('two-factor-key')).toBeTruthy();
    const order = calls.filter((call) => call.method !== 'GET' || call.path.includes('two-factor'));
    expect(order.map((call) => call.path)).toEqual([
      '/api/v1/users/verify_password.json',
      '/api/v1/users/verify_password.json',
      '/api/v1/two-factor-code.json',
    ]);
  });

  it("shows the server's refusal of a start at CHOICE", async () => {
    const { user } = setUp(rightCode, {
      status: 400,
      body: { errors: ['Two-factor authentication is already enabled.'] },
    });
    await user.click(await screen.findByRole('button', { name: 'I have an app' }));
    await provePasswordIn(user, START_TITLE);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Two-factor authentication is already enabled.',
    );
    expect(screen.getByRole('button', { name: 'I have an app' })).toBeTruthy();
  });

  it('asks again when the proof ran out before Enable, and sends the same code again', async () => {
    // Refused twice (the step-up's 403 carries the 2fa message too), then on.
    const activate = refuseUntilProven(2, { body: { '2fa': 'Success: Correct OTP Code!' } });
    const { user, calls } = setUp(() => {
      const answer = activate();
      return answer.status === 403
        ? { status: 403, body: { '2fa': PASSWORD_AGAIN, error: PASSWORD_AGAIN } }
        : answer;
    });
    await user.click(await screen.findByRole('button', { name: 'I have an app' }));
    await provePasswordIn(user, START_TITLE);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Enable' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step verification?' });
    // Cancelled: the code stays and can be sent again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Enable' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(PASSWORD_AGAIN)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await provePasswordIn(user, 'Turn on two-step verification?');

    expect(await screen.findByRole('heading', { name: 'Two-Step Verification is on' })).toBeTruthy();
    const activations = calls.filter((call) => call.path === '/api/v1/two-factor-active.json');
    expect(activations.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { code: '123456' },
      { code: '123456' },
      { code: '123456' },
    ]);
    expect(passwordProofs(calls)).toHaveLength(2);
  });
});
