import { SECRET_CHANGES_CURSOR_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { fetchReadableSecretIds, fetchSecretChanges } from './secrets-api.js';

// The extension's sync calls (issue 29): what they send, and what a refused cursor throws.
describe('the sync calls of the secrets api', () => {
  it('asks for the changes since a cursor, of a category, and answers them as sent', async () => {
    const answer = { items: [], removed: ['s-1'], cursor: 'c-2', more: false, readable: 3 };
    const calls = mockFetch({ 'GET /api/v1/secrets/changes.json': { body: answer } });
    expect(await fetchSecretChanges({ since: 'c-1', limit: 100, category: 'password' })).toEqual(answer);
    const url = new URL(String(calls[0]?.path), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      since: 'c-1',
      limit: '100',
      category: 'password',
    });
  });

  it('sends no since on a first sync', async () => {
    const calls = mockFetch({
      'GET /api/v1/secrets/changes.json': {
        body: { items: [], removed: [], cursor: 'c', more: false, readable: 0 },
      },
    });
    await fetchSecretChanges();
    expect(new URL(String(calls[0]?.path), 'http://localhost').search).toBe('');
  });

  it('throws the server’s message for a refused cursor, so the caller syncs again from the beginning', async () => {
    mockFetch({
      'GET /api/v1/secrets/changes.json': { status: 400, body: { errors: [SECRET_CHANGES_CURSOR_MESSAGE] } },
    });
    await expect(fetchSecretChanges({ since: 'stale' })).rejects.toMatchObject({
      status: 400,
      serverMessage: SECRET_CHANGES_CURSOR_MESSAGE,
    });
  });

  it('pages the readable ids after the last one', async () => {
    const calls = mockFetch({
      'GET /api/v1/secrets/ids.json': { body: { items: [{ id: 's-9', revision: 2 }], more: false } },
    });
    expect(await fetchReadableSecretIds({ after: 's-8' })).toEqual({
      items: [{ id: 's-9', revision: 2 }],
      more: false,
    });
    expect(new URL(String(calls[0]?.path), 'http://localhost').searchParams.get('after')).toBe('s-8');
  });
});
