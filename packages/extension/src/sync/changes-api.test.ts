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
    const fetch = recordingFetch(200, { items: [{ id: 'a', revision: 2 }], more: false, cursor: 'c' });
    const transport = createHttpTransport({ server: 'https://coffer.test', token: () => 't', fetch });

    await expect(transport.ids('last-id')).resolves.toEqual({
      items: [{ id: 'a', revision: 2 }],
      more: false,
      cursor: 'c',
    });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      'https://coffer.test/api/v1/secrets/ids.json?category=password&after=last-id',
    );
  });

  it('answers the status alone for a failure', async () => {
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

  it('reads the password secrets of a page of ids in the body of a POST, the token in the header', async () => {
    const fetch = recordingFetch(200, { items: [], missing: ['b'] });
    const transport = createHttpTransport({ server: 'https://coffer.test', token: () => 'tok-9', fetch });

    await expect(transport.read(['a', 'b'])).resolves.toEqual({ items: [], missing: ['b'] });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://coffer.test/api/v1/secrets/read.json');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['a', 'b'], category: 'password' });
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer tok-9',
      'Content-Type': 'application/json',
    });
    expect(init?.credentials).toBe('omit');
  });

  it('refuses a read of secrets with the status alone', async () => {
    const transport = createHttpTransport({
      server: 'https://coffer.test',
      token: () => null,
      fetch: recordingFetch(404, { error: 'Not found' }),
    });
    const error = await transport.read(['a']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncReadError);
    expect((error as SyncReadError).status).toBe(404);
  });
});
