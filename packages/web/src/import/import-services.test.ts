import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { importServices } from './import-services.js';

// The services' own API calls against a faked server (the sealing itself is the crypto client's, tested there).

const context = (isAdministrator: boolean) =>
  importServices({
    userId: 'u-1',
    isAdministrator,
    trust: {},
    strength: async () => null,
  });

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importServices', () => {
  it('opens a batch with the format and the number of secrets, nothing else', async () => {
    const calls = mockFetch({
      'POST /api/v1/import_batches': {
        status: 201,
        body: {
          import_batch: {
            id: 'b-1',
            format: 'bitwarden-json',
            item_count: 3,
            secret_count: 0,
            created_at: '2026-01-01T00:00:00Z',
            created_by: { id: 'u-1', name: 'Ada' },
            undone_at: null,
          },
        },
      },
    });
    expect(await context(true).createBatch('bitwarden-json', 3)).toMatchObject({ id: 'b-1' });
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]?.init ?? {})).toEqual({
      import_batch: { format: 'bitwarden-json', item_count: 3 },
    });
  });

  it('makes a new chest linked to the team with edit access', async () => {
    const calls = mockFetch({
      'POST /api/v1/vaults.json': { status: 201, body: { id: 'v-9', name: 'Work' } },
    });
    expect(await context(true).createChest('Work', 't-1')).toMatchObject({ id: 'v-9' });
    expect(bodyOf(calls[0]?.init ?? {}).vault).toEqual({
      // Chosen in the browser, so that the trust log's entries can name the chest before it exists.
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Work',
      assignments_attributes: [{ team_id: 't-1', edit_access: true }],
    });
  });

  it("lists a chest's secrets page by page, by name only", async () => {
    const row = (n: number) => ({ id: `s-${n}`, name: `Secret ${n}`, category: 'note', vault_id: 'v-1' });
    mockFetch({
      'GET /api/v1/secrets.json': ({ path }) => {
        const offset = Number(new URL(path, 'http://x').searchParams.get('offset') ?? 0);
        const items = Array.from({ length: Math.min(20, 25 - offset) }, (_v, i) => row(offset + i));
        return { body: { items, total: 25 } };
      },
    });
    const listed = await context(false).listChestSecrets('v-1');
    expect(listed).toHaveLength(25);
    expect(listed[24]).toEqual({ id: 's-24', name: 'Secret 24' });
  });

  it("reads the free plan's counts for administrators only, and none on the Team Plan or with billing off", async () => {
    const free = mockFetch({
      'GET /api/v1/billing_api/config': { body: { mode: 'local', publishable_key: null } },
      'GET /api/v1/billing_api/subscriptions': { body: 'No Subscription' },
      'GET /api/v1/secrets.json': { body: { items: [], total: 7 } },
      'GET /api/v1/vaults.json': { body: { items: [], total: 1 } },
    });
    expect(await context(true).planCounts()).toEqual({ secrets: 7, chests: 1 });
    expect(free.some((call) => call.path.includes('everything=true'))).toBe(true);

    mockFetch({
      'GET /api/v1/billing_api/config': { body: { mode: 'local', publishable_key: null } },
      'GET /api/v1/billing_api/subscriptions': {
        body: { status: 'trialing', plan: { nickname: 'CofferPaid' } },
      },
    });
    expect(await context(true).planCounts()).toBeNull();

    mockFetch({ 'GET /api/v1/billing_api/config': { body: { mode: 'off', publishable_key: null } } });
    expect(await context(true).planCounts()).toBeNull();

    const member = mockFetch({});
    expect(await context(false).planCounts()).toBeNull();
    expect(member).toHaveLength(0);
  });
});
