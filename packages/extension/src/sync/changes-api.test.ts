import { describe, expect, it, vi } from 'vitest';
import { createHttpTransport, SyncReadError } from './changes-api.js';

function recordingFetch(status = 200, body: unknown = {}) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
}

describe('the HTTP transport', () => {
  it('reads the password changes since the cursor, the token in the header and never in the URL', async () => {
    const fetch = recordingFetch(200, { items: [], removed: [], cursor: 'c2', more: false, readable: 0 });
    const transport = createHttpTransport({ server: 'https://coffer.test/', token: () => 'tok-123', fetch });

    await expect(transport.changes('c 1', 500)).resolves.toMatchObject({ cursor: 'c2' });
    await transport.changes(null, 200);

    const [first, init] = fetch.mock.calls[0] ?? [];
    expect(first).toBe(
      'https://coffer.test/api/v1/secrets/changes.json?since=c+1&limit=500&category=password',
    );
    expect(fetch.mock.calls[1]?.[0]).toBe(
      'https://coffer.test/api/v1/secrets/changes.json?limit=200&category=password',
    );
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok-123' });
    expect(init?.credentials).toBe('omit');
    expect(String(first)).not.toContain('tok-123');
  });

  it('pages the readable ids', async () => {
    const fetch = recordingFetch(200, { items: [{ id: 'a', revision: 2 }], more: false });
    const transport = createHttpTransport({ server: 'https://coffer.test', token: () => 't', fetch });

    await expect(transport.ids('last-id')).resolves.toEqual({
      items: [{ id: 'a', revision: 2 }],
      more: false,
    });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      'https://coffer.test/api/v1/secrets/ids.json?category=password&after=last-id',
    );
  });

  it('answers null for a secret the caller cannot read, and the status alone for other failures', async () => {
    const missing = createHttpTransport({
      server: 'https://coffer.test',
      token: () => 't',
      fetch: recordingFetch(404, { error: 'Not found' }),
    });
    await expect(missing.secret('s/1')).resolves.toBeNull();

    const failing = createHttpTransport({
      server: 'https://coffer.test',
      token: () => 't',
      fetch: recordingFetch(500, { error: 'token t leaked' }),
    });
    const error = await failing.changes(null, 10).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncReadError);
    expect((error as SyncReadError).status).toBe(500);
    expect((error as Error).message).toBe('The server answered 500.');
  });

  it('asks for one secret by its escaped id', async () => {
    const fetch = recordingFetch(200, { id: 's/1' });
    const transport = createHttpTransport({ server: 'https://coffer.test', token: () => null, fetch });
    await transport.secret('s/1');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://coffer.test/api/v1/secrets/s%2F1.json');
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ Accept: 'application/json' });
  });
});
