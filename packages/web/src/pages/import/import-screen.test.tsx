import { FREE_PLAN_LIMIT_NOTICE } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveBilling } from '../../components/billing/testing/billing-fixtures.js';
import { ImportError } from '../../import/import-error.js';
import type { ImportSecretDraft, ImportServices, PlanRoom } from '../../import/import-runner.js';
import { loadFamily } from '../../import/load-formats.js';
import { parseInWorker } from '../../import/parse-in-worker.js';
import { renderApp } from '../../test/render-app.js';
import { FILE_TOO_LARGE_MESSAGE, IMPORT_FILE_MAX_BYTES } from './import-screen.js';

// The runner's outside effects (the API and the crypto client) are its services: the screen's steps
// are tested against an in-memory stand-in; import-runner.test.ts tests the rules behind them.
const world = vi.hoisted(() => ({
  counts: null as { secrets: number; chests: number } | null,
  chests: [] as { name: string; teamId: string }[],
  batches: [] as { format: string; itemCount: number }[],
  created: [] as { name: string; vaultId: string; batchId: string }[],
}));

vi.mock('../../import/import-services.js', () => ({
  importServices: (): ImportServices => ({
    listChestSecrets: async () => [],
    openSecret: async () => {
      throw new Error('nothing to open');
    },
    planCounts: async () => world.counts,
    createChest: async (name: string, teamId: string) => {
      world.chests.push({ name, teamId });
      return { id: `chest-${name}` };
    },
    createBatch: async (format: string, itemCount: number) => {
      world.batches.push({ format, itemCount });
      return { id: 'batch-1' };
    },
    createSecret: async (draft: ImportSecretDraft, batchId: string) => {
      world.created.push({ name: draft.name, vaultId: draft.vaultId, batchId });
    },
    updateSecret: async () => undefined,
    strength: async () => 3,
  }),
}));

// Parsing stays real (on the page: jsdom has no Worker); a test may make one call answer as a protected file does.
vi.mock('../../import/parse-in-worker.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../import/parse-in-worker.js')>();
  return { parseInWorker: vi.fn(real.parseInWorker) };
});

const EXPORT = JSON.stringify({
  encrypted: false,
  folders: [{ id: 'f-1', name: 'Servers' }],
  items: [
    {
      id: 'a',
      folderId: 'f-1',
      type: 1,
      name: 'Router',
      login: { username: 'root', password: 'router-secret', uris: [] },
    },
    { id: 'b', folderId: 'f-1', type: 2, name: 'Runbook', notes: 'steps', secureNote: { type: 0 } },
    { id: 'c', folderId: null, type: 1, name: 'Mail', login: { username: 'ada', password: 'mail-secret' } },
    {
      id: 'd',
      folderId: null,
      type: 1,
      name: 'Gone',
      deletedDate: '2024-01-01T00:00:00.000Z',
      login: { password: 'x' },
    },
  ],
});

const chestRow = { id: 'v-1', name: 'Main', teams: [], assignments: [], users: [] };
const teamRow = { id: 't-ops', name: 'Ops', default_for_new_users: true, memberships: [] };

function serve(subscription?: unknown) {
  return serveBilling({
    ...(subscription ? { subscription } : {}),
    extra: {
      'GET /api/v1/vaults.json': { body: { items: [chestRow], total: 1 } },
      'GET /api/v1/teams.json': { body: { items: [teamRow], total: 1 } },
      'GET /api/v1/import_batches': { body: { items: [] } },
    },
  });
}

async function chooseExport() {
  const user = userEvent.setup();
  renderApp('/import');
  const input = await screen.findByLabelText('Export file');
  await user.upload(input, new File([EXPORT], 'bitwarden.json', { type: 'application/json' }));
  await screen.findByTestId('import-preview', {}, { timeout: 5_000 });
  return user;
}

// The JSON formats' module is loaded on demand (load-formats.ts); loaded here once, as it was when
// every parser was a static import, so vitest's first transform of it is not inside a test's time.
beforeAll(async () => {
  await loadFamily('json');
});

beforeEach(() => {
  world.counts = null;
  world.chests = [];
  world.batches = [];
  world.created = [];
});

describe('/import', () => {
  it('reads the file, previews it, maps each folder to a new chest for a team, imports and reports', async () => {
    serve();
    const user = await chooseExport();
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('bitwarden-json');
    const preview = within(screen.getByTestId('import-preview'));
    expect(preview.getByRole('heading', { name: '3 items to import' })).toBeTruthy();
    expect(preview.getByText('2 logins')).toBeTruthy();
    expect(preview.getByText('1 note')).toBeTruthy();
    expect(preview.getByText('Servers: 2 items')).toBeTruthy();
    expect(preview.getByText('No folder: 1 item')).toBeTruthy();
    expect(preview.getByText('1 item in the trash')).toBeTruthy();
    // No value of the file is shown.
    expect(document.body.textContent).not.toContain('router-secret');

    await user.click(screen.getByRole('button', { name: 'Choose chests' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a chest for every folder.')).toBeTruthy();

    await user.selectOptions(await screen.findByLabelText('Team for new chests'), 't-ops');
    await user.click(screen.getByRole('button', { name: 'A new chest for every folder' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const review = within(await screen.findByTestId('import-review'));
    expect(review.getByText('3 new secrets')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const report = within(await screen.findByTestId('import-report'));
    expect(report.getByText('Created: 3')).toBeTruthy();
    expect(report.getByText('New chests: 2')).toBeTruthy();
    expect(world.chests).toEqual([
      { name: 'Imported', teamId: 't-ops' },
      { name: 'Servers', teamId: 't-ops' },
    ]);
    expect(world.batches).toEqual([{ format: 'bitwarden-json', itemCount: 3 }]);
    expect(world.created.map((c) => [c.name, c.vaultId])).toEqual([
      ['Router', 'chest-Servers'],
      ['Runbook', 'chest-Servers'],
      ['Mail', 'chest-Imported'],
    ]);
    // The whole wizard through to the report: on a shared machine it passed the project's 15 s.
  }, 30_000);

  it('maps folders onto an existing chest the user can write', async () => {
    serve();
    const user = await chooseExport();
    await user.click(screen.getByRole('button', { name: 'Choose chests' }));
    await user.selectOptions(await screen.findByLabelText('Chest for Servers'), 'v-1');
    await user.selectOptions(screen.getByLabelText('Chest for No folder'), 'v-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByTestId('import-report');
    expect(world.chests).toEqual([]);
    expect(new Set(world.created.map((c) => c.vaultId))).toEqual(new Set(['v-1']));
  });

  it('says in the preview when the free plan would be exceeded, and writes nothing', async () => {
    serve();
    world.counts = { secrets: 24, chests: 1 } satisfies PlanRoom;
    const user = await chooseExport();
    expect(within(screen.getByTestId('import-preview')).getByRole('alert').textContent).toBe(
      FREE_PLAN_LIMIT_NOTICE,
    );
    await user.click(screen.getByRole('button', { name: 'Choose chests' }));
    await user.selectOptions(await screen.findByLabelText('Chest for Servers'), 'v-1');
    await user.selectOptions(screen.getByLabelText('Chest for No folder'), 'v-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('import-review');
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    expect(world.created).toEqual([]);
  });

  it('names a file it cannot read with the list of supported formats', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/import');
    await user.upload(await screen.findByLabelText('Export file'), new File(['just words'], 'notes.txt'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file is not in a format Coffer can import. Supported: ');
    expect(alert.textContent).toContain('Bitwarden');
    await waitFor(() => expect(screen.queryByTestId('import-preview')).toBeNull());
  });

  it('asks for the password of a protected file, says when it is wrong, and reads the file with the right one', async () => {
    serve();
    vi.mocked(parseInWorker)
      .mockRejectedValueOnce(new ImportError('needs-password', 'This file is protected: give its password.'))
      .mockRejectedValueOnce(new ImportError('wrong-password', 'The password is not right for this file.'));
    const user = userEvent.setup();
    renderApp('/import');
    await user.upload(await screen.findByLabelText('Export file'), new File([EXPORT], 'vault.json'));
    const field = await screen.findByLabelText('File password');
    expect(
      screen.getByText('vault.json is protected. Enter the password it was exported with.'),
    ).toBeTruthy();
    await user.type(field, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Open file' }));
    expect(await screen.findByText('The password is not right for this file.')).toBeTruthy();
    expect(screen.queryByTestId('import-preview')).toBeNull();
    await user.clear(screen.getByLabelText('File password'));
    await user.type(screen.getByLabelText('File password'), 'the-right-one');
    await user.click(screen.getByRole('button', { name: 'Open file' }));
    await screen.findByTestId('import-preview');
    expect(vi.mocked(parseInWorker).mock.lastCall?.[1]).toMatchObject({ password: 'the-right-one' });
  });

  it('refuses a file too large for a browser tab before reading it', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/import');
    const huge = new File([EXPORT], 'huge.json');
    Object.defineProperty(huge, 'size', { value: IMPORT_FILE_MAX_BYTES + 1 });
    await user.upload(await screen.findByLabelText('Export file'), huge);
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(screen.queryByTestId('import-preview')).toBeNull();
  });

  it('is in the account menu', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/import');
    await user.click(await screen.findByRole('button', { name: /Ada|Account/ }));
    expect(screen.getByRole('menuitem', { name: 'Import' }).getAttribute('href')).toBe('/import');
  });
});
