import type { Chest, PasswordPayload, SecretPayload } from '@coffer/core';
import {
  FIELD_NAME_REQUIRED_MESSAGE,
  TOTP_CANNOT_MAKE_CODES_MESSAGE,
  TOTP_NO_QR_MESSAGE,
  TOTP_UNKNOWN_ALGORITHM_MESSAGE,
} from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedSecret, updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { ModalHost } from '../modals/modal-host.js';
import { qrPixels } from './qr-test-pixels.js';
import type { SecretFormProps } from './secret-form.js';
import { SecretForm } from './secret-form.js';

vi.mock('../../crypto-client/save-secret.js', () => ({
  createEncryptedSecret: vi.fn(async () => ({ id: 'new-id', revision: 1 })),
  updateEncryptedSecret: vi.fn(async () => ({ id: 's-1', revision: 3 })),
}));
vi.mock('./compute-strength.js', () => ({ computeStrength: vi.fn(async () => 4) }));
vi.mock('../strength/password-strength-meter.js', () => ({ PasswordStrengthMeter: () => null }));

const chests: Chest[] = [{ id: 'c-1', name: 'Operations', secret_count: 0, created_at: '', updated_at: '' }];
const URI =
  'otpauth://totp/ACME:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME&algorithm=SHA256&digits=8';

function renderForm(props: Partial<SecretFormProps> = {}) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SecretForm userId="u-1" chests={chests} onSaved={onSaved} onCancel={vi.fn()} {...props} />
      <ModalHost />
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

function renderEdit(payload: SecretPayload, category: 'password' | 'note' = 'password') {
  return renderForm({
    editTarget: { id: 's-1', baseRevision: 2 },
    start: { category, name: 'Bank', vaultId: 'c-1', payload },
  });
}

/** The payload the last save sealed. */
function savedPayload(): Record<string, unknown> {
  const create = vi.mocked(createEncryptedSecret).mock.calls.at(-1)?.[0];
  const update = vi.mocked(updateEncryptedSecret).mock.calls.at(-1)?.[1];
  const draft = update ?? create;
  if (!draft) throw new Error('nothing was saved');
  return draft.payload as unknown as Record<string, unknown>;
}

async function fillNewLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Bank');
  await user.selectOptions(screen.getByLabelText('Chest'), 'Operations');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'pw');
}

const save = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save' }));
const bannerItems = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  vi.clearAllMocks();
});

describe('an edit keeps what it does not change', () => {
  it('saves every extra back as opened: fields, history, attachments, URLs and rules, key, unknown keys', async () => {
    const opened = {
      username: 'ada',
      password: 'pw',
      url: 'https://bank.example/login',
      note: 'n',
      urlMatch: 'exact',
      moreUrls: [{ url: 'https://app.bank.example', match: 'starts-with' }],
      totp: URI,
      fields: [
        { name: 'PIN', kind: 'hidden', value: '1234' },
        { name: 'Customer', kind: 'text', value: 'C-1' },
        { name: 'VPN', kind: 'boolean', value: 'true' },
      ],
      history: [{ field: 'password', value: 'older', changedAt: '2026-01-01T00:00:00.000Z' }],
      attachments: [{ id: 'a-1', name: 'cert.pem', size: 3, mediaType: '', key: 'a2V5' }],
      savedByANewerVersion: { kept: true },
    } as unknown as PasswordPayload;
    const { user, onSaved } = renderEdit(opened);
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toEqual(opened);
  });

  it('leaves an older secret in its shape: no empty extras appear', async () => {
    const { user, onSaved } = renderEdit({ username: 'ada', password: 'pw', url: '', note: '' });
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toEqual({ username: 'ada', password: 'pw', url: '', note: '' });
  });

  it('keeps the replaced password and hidden field in the history, newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });
    const { user, onSaved } = renderEdit({
      username: 'ada',
      password: 'old-password',
      url: '',
      note: '',
      fields: [{ name: 'PIN', kind: 'hidden', value: '1234' }],
      history: [{ field: 'password', value: 'oldest', changedAt: '2026-01-01T00:00:00.000Z' }],
    });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'new-password');
    await user.clear(screen.getByLabelText('Field 1 value'));
    await user.type(screen.getByLabelText('Field 1 value'), '9876');
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    vi.useRealTimers();
    expect(savedPayload()).toMatchObject({
      password: 'new-password',
      fields: [{ name: 'PIN', kind: 'hidden', value: '9876' }],
      history: [
        { field: 'password', value: 'old-password', changedAt: '2026-11-27T10:00:00.000Z' },
        { field: 'PIN', value: '1234', changedAt: '2026-11-27T10:00:00.000Z' },
        { field: 'password', value: 'oldest', changedAt: '2026-01-01T00:00:00.000Z' },
      ],
    });
  });
});

describe('custom fields', () => {
  it('adds, renames, changes kind, reorders and removes fields by keyboard, and saves them in order', async () => {
    const { user, onSaved } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Note');
    await user.type(screen.getByLabelText('Name'), 'Card');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Operations');
    await user.type(screen.getByLabelText('Note'), 'n');

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    // The new row's name has the keyboard.
    expect(document.activeElement).toBe(screen.getByLabelText('Field 1 name'));
    await user.keyboard('PIN');
    await user.selectOptions(screen.getByLabelText('Field 1 kind'), 'Hidden');
    await user.type(screen.getByLabelText('Field 1 value'), '1234');
    expect((screen.getByLabelText('Field 1 value') as HTMLInputElement).type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.keyboard('Customer');
    await user.type(screen.getByLabelText('Field 2 value'), 'C-1');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.keyboard('VPN');
    await user.selectOptions(screen.getByLabelText('Field 3 kind'), 'Yes/No');
    await user.click(screen.getByRole('checkbox', { name: 'Field 3 value: Yes' }));

    // Move VPN up twice with the keyboard: focus stays on its button, which goes disabled at the top.
    screen.getByRole('button', { name: 'Move field 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move field 2 up' }));
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText('Field 1 name') as HTMLInputElement).value).toBe('VPN');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move field 1 down' }));

    // Rename the PIN (now second) and remove Customer (now third).
    await user.clear(screen.getByLabelText('Field 2 name'));
    await user.type(screen.getByLabelText('Field 2 name'), 'Card PIN');
    await user.click(screen.getByRole('button', { name: 'Remove field 3' }));
    expect(screen.queryByLabelText('Field 3 name')).toBeNull();

    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toEqual({
      note: 'n',
      fields: [
        { name: 'VPN', kind: 'boolean', value: 'true' },
        { name: 'Card PIN', kind: 'hidden', value: '1234' },
      ],
    });
  });

  it('needs a name for each field: the message, the field marked, nothing saved', async () => {
    const { user } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Field 1 value'), 'value without a name');
    await save(user);
    expect(bannerItems()).toEqual([FIELD_NAME_REQUIRED_MESSAGE]);
    expect(screen.getByLabelText('Field 1 name').getAttribute('aria-invalid')).toBe('true');
    expect(createEncryptedSecret).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Field 1 name'), 'Note 2');
    expect(screen.getByLabelText('Field 1 name').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the authenticator key', () => {
  it('saves a pasted otpauth URI as entered', async () => {
    const { user, onSaved } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByLabelText('Authenticator key (TOTP)'));
    await user.paste(` ${URI} `);
    // As secret as a password: masked until shown.
    const input = screen.getByLabelText('Authenticator key (TOTP)') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show authenticator key' }));
    expect(input.type).toBe('text');
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toMatchObject({ totp: URI });
  });

  it('saves a base32 secret with spaces and lower case as entered', async () => {
    const { user, onSaved } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByLabelText('Authenticator key (TOTP)'));
    await user.paste('jbsw y3dp ehpk 3pxp');
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toMatchObject({ totp: 'jbsw y3dp ehpk 3pxp' });
  });

  it('keeps a key that is not base32, saying no codes can be made from it', async () => {
    const { user, onSaved } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByLabelText('Authenticator key (TOTP)'));
    await user.paste('exported-by-another-manager!');
    expect(screen.getByText(TOTP_CANNOT_MAKE_CODES_MESSAGE)).toBeTruthy();
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toMatchObject({ totp: 'exported-by-another-manager!' });
  });

  it('refuses a URI with an unknown algorithm, at once and on save', async () => {
    const { user } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByLabelText('Authenticator key (TOTP)'));
    await user.paste('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&algorithm=MD5');
    expect(screen.getByText(TOTP_UNKNOWN_ALGORITHM_MESSAGE)).toBeTruthy();
    await save(user);
    expect(bannerItems()).toEqual([TOTP_UNKNOWN_ALGORITHM_MESSAGE]);
    expect(createEncryptedSecret).not.toHaveBeenCalled();
  });

  describe('from a QR code screenshot', () => {
    let pixels = qrPixels(URI);
    beforeEach(() => {
      // jsdom decodes no images and draws nothing: the browser's part is stubbed with the QR code's
      // pixels, the decoding (jsQR) is real. The journey reads a real PNG in Chromium.
      vi.stubGlobal(
        'createImageBitmap',
        vi.fn(async () => ({ width: pixels.width, height: pixels.height, close: vi.fn() })),
      );
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
        () =>
          ({
            drawImage: vi.fn(),
            getImageData: () => ({ data: pixels.data, width: pixels.width, height: pixels.height }),
          }) as unknown as CanvasRenderingContext2D,
      );
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('fills the key from the image, read in the browser', async () => {
      pixels = qrPixels(URI);
      const { user, onSaved } = renderForm();
      await fillNewLogin(user);
      const image = new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });
      await user.upload(screen.getByLabelText('Scan QR code from image'), image);
      await waitFor(() =>
        expect((screen.getByLabelText('Authenticator key (TOTP)') as HTMLInputElement).value).toBe(URI),
      );
      await save(user);
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(savedPayload()).toMatchObject({ totp: URI });
    });

    it('says so when the image holds no QR code, and changes nothing', async () => {
      pixels = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
      const { user } = renderForm();
      await user.upload(
        screen.getByLabelText('Scan QR code from image'),
        new File([new Uint8Array([1])], 'blank.png', { type: 'image/png' }),
      );
      expect((await screen.findByRole('alert')).textContent).toBe(TOTP_NO_QR_MESSAGE);
      expect((screen.getByLabelText('Authenticator key (TOTP)') as HTMLInputElement).value).toBe('');
    });
  });
});

describe('several URLs', () => {
  it('saves the main rule and further URLs with their own rules; an added row can be removed', async () => {
    const { user, onSaved } = renderForm();
    await fillNewLogin(user);
    await user.type(screen.getByLabelText('URL'), 'bank.example');
    await user.selectOptions(screen.getByLabelText('Match rule for URL'), 'Exact');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(document.activeElement).toBe(screen.getByLabelText('URL 2'));
    await user.keyboard('https://app.bank.example/');
    await user.selectOptions(screen.getByLabelText('Match rule for URL 2'), 'Starts with');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    await user.keyboard('https://wrong.example');
    await user.click(screen.getByRole('button', { name: 'Remove URL 3' }));
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    // An empty row is dropped, not saved.
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(savedPayload()).toEqual({
      username: 'ada',
      password: 'pw',
      url: 'https://bank.example',
      note: '',
      urlMatch: 'exact',
      moreUrls: [{ url: 'https://app.bank.example/', match: 'starts-with' }],
    });
  });

  it('marks a further URL that is too long', async () => {
    const { user } = renderForm();
    await fillNewLogin(user);
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    await user.click(screen.getByLabelText('URL 2'));
    await user.paste(`https://${'a'.repeat(250)}.example`);
    await save(user);
    expect(bannerItems()).toEqual(['Field URL exceeds the maximum of 255 characters.']);
    expect(screen.getByLabelText('URL 2').getAttribute('aria-invalid')).toBe('true');
  });
});
