import type { Chest } from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedSecret, updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { SecretAccessError } from '../../crypto-client/secret-access-error.js';
import { notificationStore } from '../../lib/notification-store.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { ModalHost } from '../modals/modal-host.js';
import type { SecretFormProps } from './secret-form.js';
import { SecretForm } from './secret-form.js';

vi.mock('../../crypto-client/save-secret.js', () => ({
  createEncryptedSecret: vi.fn(async () => ({ id: 'new-id', revision: 1 })),
  updateEncryptedSecret: vi.fn(async () => ({ id: 's-1', revision: 3 })),
}));
vi.mock('./compute-strength.js', () => ({ computeStrength: vi.fn(async () => 4) }));
// The meter would load zxcvbn; it is the accounts screens' tested component.
vi.mock('../strength/password-strength-meter.js', () => ({ PasswordStrengthMeter: () => null }));

const chest = (id: string, name: string): Chest => ({
  id,
  name,
  secret_count: 0,
  created_at: '',
  updated_at: '',
});
const chests = [chest('c-1', 'Operations'), chest('c-2', 'Finance')];

function renderForm(props: Partial<SecretFormProps> = {}) {
  const onSaved = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <SecretForm userId="u-1" chests={chests} onSaved={onSaved} onCancel={vi.fn()} {...props} />
      <ModalHost />
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

const banner = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  vi.clearAllMocks();
});

describe('secret form validation (spec section 5)', () => {
  it.each([
    [
      'Password',
      [
        'Required field Name is empty.',
        'Required field Username is empty.',
        'Required field Password is empty.',
        'Must select Chest from dropdown.',
      ],
    ],
    ['Telephone', ['Required field Name is empty.', 'Must select Chest from dropdown.']],
    [
      'Address',
      [
        'Required field Name is empty.',
        'Must select Chest from dropdown.',
        'Required field Address Line 1 is empty.',
        'Required field Postal Code is empty.',
        'Required field Country is empty.',
      ],
    ],
    [
      'Note',
      ['Required field Name is empty.', 'Must select Chest from dropdown.', 'Required field Note is empty.'],
    ],
  ])('lists every error of an empty %s secret and marks the fields red', async (type, messages) => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), type);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(banner()).toEqual(messages);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(createEncryptedSecret).not.toHaveBeenCalled();
  });

  it('limits the name to 50 characters and unmarks a field once edited', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Note');
    await user.type(screen.getByLabelText('Name'), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(banner()).toContain('Field Name exceeds the maximum of 50 characters.');
    expect(screen.getByLabelText('Chest').getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Finance');
    expect(screen.getByLabelText('Chest').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('secret form fields', () => {
  it('keeps only digits in the phone fields, as typed', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Telephone');
    await user.type(screen.getByLabelText('Number'), '+44 (0)20-7946 abc');
    await user.type(screen.getByLabelText('Country Code'), '4a4');
    await user.type(screen.getByLabelText('Extension'), 'x12');
    expect((screen.getByLabelText('Number') as HTMLInputElement).value).toBe('440207946');
    expect((screen.getByLabelText('Country Code') as HTMLInputElement).value).toBe('44');
    expect((screen.getByLabelText('Extension') as HTMLInputElement).value).toBe('12');
  });

  it('offers the 249 countries for an address', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Address');
    const options = within(screen.getByLabelText('Country')).getAllByRole('option');
    expect(options).toHaveLength(250);
    expect(options[0]?.textContent).toBe('Select a country');
  });

  it('offers exactly the chests it is given', () => {
    renderForm();
    const options = within(screen.getByLabelText('Chest'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select a Chest', 'Operations', 'Finance']);
  });

  it('splits an opened url into protocol and address, and a pasted url too', async () => {
    const { user } = renderForm({
      editTarget: { id: 's-1', baseRevision: 2 },
      start: {
        category: 'password',
        name: 'Router',
        vaultId: 'c-1',
        payload: { username: 'admin', password: 'pw', url: 'http://10.0.0.1/login', note: '' },
      },
    });
    expect((screen.getByLabelText('Protocol') as HTMLSelectElement).value).toBe('http://');
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('10.0.0.1/login');
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'ftp://files.example.com');
    expect((screen.getByLabelText('Protocol') as HTMLSelectElement).value).toBe('ftp://');
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('files.example.com');
  });
});

describe('saving', () => {
  it("creates with the joined url and strength, and says '{Name} created!'", async () => {
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Mail');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Finance');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('URL'), 'mail.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ id: 'new-id', revision: 1, name: 'Mail', vaultId: 'c-2' }),
    );
    expect(createEncryptedSecret).toHaveBeenCalledWith(
      {
        vaultId: 'c-2',
        name: 'Mail',
        category: 'password',
        payload: { username: 'ada', password: 'correct horse', url: 'https://mail.example.com', note: '' },
        strength: 4,
        formFill: false,
        hidden: false,
      },
      'u-1',
      { confirm: expect.any(Function) },
    );
    expect(notificationStore.get().map((n) => n.message)).toContain('Mail created!');
  });

  it('saves the form-fill choice of a password secret, and shows it again on edit', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Mail');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Finance');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    const formFill = screen.getByRole('checkbox', { name: 'Offer to fill sign-in forms on this site' });
    expect(formFill).toHaveProperty('checked', false);
    // Reached from the URL field by the keyboard, and ticked with Space.
    screen.getByLabelText('URL').focus();
    await user.tab();
    expect(document.activeElement).toBe(formFill);
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createEncryptedSecret).toHaveBeenCalledWith(
        expect.objectContaining({ category: 'password', formFill: true }),
        'u-1',
        { confirm: expect.any(Function) },
      ),
    );
  });

  it('opens an edit with form fill as stored and saves it turned off', async () => {
    const { user, onSaved } = renderForm({
      editTarget: { id: 's-1', baseRevision: 2 },
      start: {
        category: 'password',
        name: 'Router',
        vaultId: 'c-1',
        formFill: true,
        payload: { username: 'admin', password: 'pw', url: 'http://10.0.0.1', note: '' },
      },
    });
    const formFill = screen.getByRole('checkbox', { name: 'Offer to fill sign-in forms on this site' });
    expect(formFill).toHaveProperty('checked', true);
    await user.click(formFill);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateEncryptedSecret).toHaveBeenCalledWith(
      { id: 's-1', baseRevision: 2 },
      expect.objectContaining({ formFill: false }),
      'u-1',
      { confirm: expect.any(Function) },
    );
  });

  it('offers form fill on password secrets only, and saves other categories without it', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Offer to fill sign-in forms on this site' }));
    await user.selectOptions(screen.getByLabelText('Type'), 'Note');
    expect(screen.queryByRole('checkbox', { name: 'Offer to fill sign-in forms on this site' })).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Memo');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Operations');
    await user.type(screen.getByLabelText('Note'), 'text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createEncryptedSecret).toHaveBeenCalledWith(
        expect.objectContaining({ category: 'note', formFill: false }),
        'u-1',
        { confirm: expect.any(Function) },
      ),
    );
  });

  it('saves an edit against the revision it was opened at', async () => {
    const { user, onSaved } = renderForm({
      editTarget: { id: 's-1', baseRevision: 2 },
      start: { category: 'note', name: 'Memo', vaultId: 'c-1', payload: { note: 'old' } },
    });
    expect(screen.queryByLabelText('Type')).toBeNull();
    await user.clear(screen.getByLabelText('Note'));
    await user.type(screen.getByLabelText('Note'), 'new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateEncryptedSecret).toHaveBeenCalledWith(
      { id: 's-1', baseRevision: 2 },
      expect.objectContaining({ category: 'note', payload: { note: 'new' }, strength: null }),
      'u-1',
      { confirm: expect.any(Function) },
    );
  });

  it('shows the free-plan notice when the server refuses for the plan limit', async () => {
    vi.mocked(createEncryptedSecret).mockImplementationOnce(async () => {
      throw new SecretAccessError(
        'limit',
        'You cannot add anymore secrets or chests on the free plan. To add more, you can upgrade to the Teams Plan or remove some secrets.',
      );
    });
    const { user, onSaved } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type'), 'Note');
    await user.type(screen.getByLabelText('Name'), 'Memo');
    await user.selectOptions(screen.getByLabelText('Chest'), 'Operations');
    await user.type(screen.getByLabelText('Note'), 'text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notificationStore.get().map((n) => n.message)).toContain(
        'You cannot add anymore secrets or chests on the free plan. To add more, you can upgrade to the Teams Plan or remove some secrets.',
      ),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('with no chest yet', () => {
  it('lets an administrator create one linked to the default team, and picks it', async () => {
    const calls = mockFetch({
      'GET /api/v1/teams.json': {
        body: { items: [{ id: 't-e', name: 'Everyone', default_for_new_users: true }], total: 1 },
      },
      'POST /api/v1/vaults.json': { status: 201, body: chest('c-9', 'Personal') },
    });
    const { user } = renderForm({ chests: [], canCreateChest: true });
    await user.click(screen.getByRole('button', { name: 'Create a Chest' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Chest' });
    await user.type(within(dialog).getByLabelText('Name'), 'Personal');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toMatchObject({
      vault: { name: 'Personal', assignments_attributes: [{ team_id: 't-e', edit_access: true }] },
    });
    expect(notificationStore.get().map((n) => n.message)).toContain('Personal created!');
  });

  it('offers members no chest creation', () => {
    renderForm({ chests: [] });
    expect(screen.queryByRole('button', { name: 'Create a Chest' })).toBeNull();
  });
});
