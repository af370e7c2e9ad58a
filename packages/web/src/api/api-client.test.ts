import { describe, expect, it, vi } from 'vitest';
import { mockFetch, mockNetworkFailure } from '../test/mock-fetch.js';
import { requestOrThrow, requestRaw, requestResponse } from './api-client.js';
import { ApiError } from './api-error.js';
import { toFormBody } from './form-body.js';
import { sessionExpired } from './session-expired-event.js';

// The one way to call the server; what the deleted spec helper (`request`, answering 1 on failure)
// pinned is pinned here on the error it throws instead.
describe('requestOrThrow answers and refusals', () => {
  it('answers the parsed body on 200 and 201', async () => {
    mockFetch({
      'GET /api/v1/teams.json': { status: 200, body: { items: [{ id: 't1' }], total: 1 } },
      'POST /api/v1/teams.json': { status: 201, body: { id: 't2' } },
    });
    expect(await requestOrThrow('/api/v1/teams.json')).toEqual({ items: [{ id: 't1' }], total: 1 });
    expect(
      await requestOrThrow('api/v1/teams.json', { method: 'POST', body: { team: { name: 'Ops' } } }),
    ).toEqual({ id: 't2' });
  });

  it('answers null for a 20x with an empty body', async () => {
    mockFetch({ 'PUT /api/v1/teams/t1.json': { status: 204 } });
    expect(await requestOrThrow('/api/v1/teams/t1.json', { method: 'PUT', body: {} })).toBeNull();
  });

  it('answers a successful DELETE without throwing, whatever the body', async () => {
    mockFetch({
      'DELETE /api/v1/teams/t1.json': { status: 200, body: { id: 't1' } },
      'DELETE /users/sign_out.json': { status: 204 },
    });
    expect(await requestOrThrow('/api/v1/teams/t1.json', { method: 'DELETE' })).toEqual({ id: 't1' });
    expect(await requestOrThrow('/users/sign_out.json', { method: 'DELETE' })).toBeNull();
  });

  it('carries the first entry of errors on 400 and 401', async () => {
    mockFetch({
      'POST /a': { status: 400, body: { errors: ['Email has already been taken', 'second'] } },
      'POST /b': { status: 401, body: { errors: ['Current password is invalid'] } },
    });
    await expect(requestOrThrow('/a', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Email has already been taken',
    });
    await expect(requestOrThrow('/b', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Current password is invalid',
    });
  });

  it('carries the error string when the body has no errors array', async () => {
    mockFetch({ 'POST /users/sign_in.json': { status: 401, body: { error: 'Invalid Email or password.' } } });
    await expect(requestOrThrow('/users/sign_in.json', { method: 'POST', body: {} })).rejects.toMatchObject({
      serverMessage: 'Invalid Email or password.',
    });
  });

  it('carries the body string when the body is text', async () => {
    mockFetch({ 'GET /text': { status: 400, body: 'Chests exceed subscription limit.' } });
    await expect(requestOrThrow('/text')).rejects.toMatchObject({
      serverMessage: 'Chests exceed subscription limit.',
    });
  });

  it('carries no message for a 400 or 401 without any', async () => {
    mockFetch({ 'GET /empty': { status: 400 }, 'GET /object': { status: 401, body: { foo: 'bar' } } });
    await expect(requestOrThrow('/empty')).rejects.toMatchObject({ status: 400, serverMessage: undefined });
    await expect(requestOrThrow('/object')).rejects.toMatchObject({ status: 401, serverMessage: undefined });
  });

  it('throws an ApiError with the status for every other status', async () => {
    mockFetch({
      'GET /forbidden': { status: 403, body: { errors: ['no'] } },
      'GET /missing': { status: 404, body: { error: 'Not found' } },
      'GET /conflict': { status: 409, body: { error: 'stale' } },
      'GET /broken': { status: 500, body: 'boom' },
    });
    for (const [path, status] of [
      ['/forbidden', 403],
      ['/missing', 404],
      ['/conflict', 409],
      ['/broken', 500],
    ] as const) {
      const error = await requestOrThrow(path).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status });
    }
  });

  it('throws an ApiError with status 0 when the network fails', async () => {
    mockNetworkFailure();
    await expect(requestOrThrow('/api/v1/profile.json')).rejects.toMatchObject({
      status: 0,
      serverMessage: undefined,
    });
  });
});

describe('what every request sends', () => {
  it('sends the stored token as a Bearer Authorization header', async () => {
    localStorage.setItem('token', 'tok-123');
    const calls = mockFetch({ 'GET /api/v1/profile.json': { body: {} } });
    await requestOrThrow('/api/v1/profile.json');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a token', async () => {
    const calls = mockFetch({ 'GET /healthz': { body: {} } });
    await requestOrThrow('/healthz');
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends JSON by default and a form for URLSearchParams bodies', async () => {
    const calls = mockFetch({ 'POST /api/v1/teams.json': { body: {} }, 'POST /users': { status: 201 } });
    await requestOrThrow('/api/v1/teams.json', { method: 'POST', body: { team: { name: 'Ops' } } });
    await requestOrThrow('/users', { method: 'POST', body: toFormBody({ user: { email: 'a@b.c' } }) });
    const [json, form] = calls;
    expect(new Headers(json?.init.headers).get('Content-Type')).toBe('application/json');
    expect(json?.init.body).toBe('{"team":{"name":"Ops"}}');
    expect(new Headers(form?.init.headers).get('Content-Type')).toContain(
      'application/x-www-form-urlencoded',
    );
    expect(String(form?.init.body)).toBe('user%5Bemail%5D=a%40b.c');
  });

  it('sends bytes and blobs as they are, as application/octet-stream', async () => {
    const calls = mockFetch({ 'PUT /api/v1/attachments/a-1/chunks/0': { status: 204 } });
    const bytes = new Uint8Array([1, 2, 3]);
    await requestOrThrow('/api/v1/attachments/a-1/chunks/0', { method: 'PUT', body: bytes });
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/octet-stream');
    expect(calls[0]?.init.body).toBe(bytes);
  });

  it('appends the query, repeating array keys and leaving out undefined', async () => {
    const calls = mockFetch({ 'GET /api/v1/secrets.json': { body: { items: [], total: 0 } } });
    await requestOrThrow('/api/v1/secrets.json', {
      query: { limit: 20, offset: 0, options: ['vault'], filter: undefined },
    });
    expect(calls[0]?.path).toBe('/api/v1/secrets.json?limit=20&offset=0&options=vault');
  });
});

describe('requestResponse', () => {
  it('answers the Response of a 20x unread, so its body can be streamed', async () => {
    mockFetch({ 'GET /api/v1/attachments/a-1': { body: new Uint8Array([7, 8, 9]) } });
    const response = await requestResponse('/api/v1/attachments/a-1');
    expect(response.bodyUsed).toBe(false);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([7, 8, 9]);
  });

  it("throws an ApiError with the server's message for any other status", async () => {
    mockFetch({ 'GET /api/v1/attachments/a-1': { status: 404, body: { errors: ['Not found'] } } });
    const error = await requestResponse('/api/v1/attachments/a-1').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, serverMessage: 'Not found' });
  });

  it('throws an ApiError with status 0 when the network fails', async () => {
    mockNetworkFailure();
    await expect(requestResponse('/api/v1/attachments/a-1')).rejects.toMatchObject({ status: 0 });
  });
});

describe('requestRaw', () => {
  it('answers status, body and headers whatever the status', async () => {
    mockFetch({
      'POST /users/sign_in.json': {
        status: 201,
        body: { id: 'u1' },
        headers: { Authorization: 'Bearer abc' },
      },
    });
    const answer = await requestRaw('/users/sign_in.json', { method: 'POST', body: {} });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ id: 'u1' });
    expect(answer.headers.get('Authorization')).toBe('Bearer abc');
  });

  it('answers status 0 when the network fails', async () => {
    mockNetworkFailure();
    expect((await requestRaw('/x')).status).toBe(0);
  });

  it('rethrows a cancellation so TanStack Query can tell it from a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(requestRaw('/x')).rejects.toThrow('aborted');
  });
});

describe('session expiry', () => {
  it("fires sessionExpired when an answer says 'Signature has expired'", async () => {
    const listener = vi.fn();
    const unsubscribe = sessionExpired.subscribe(listener);
    mockFetch({
      'GET /api/v1/profile.json': { status: 401, body: { error: 'Signature has expired' } },
      'GET /api/v1/teams.json': { status: 401, body: { errors: ['Signature has expired'] } },
      'GET /api/v1/vaults.json': { status: 401, body: { error: 'Invalid token' } },
    });
    await expect(requestOrThrow('/api/v1/profile.json')).rejects.toMatchObject({
      serverMessage: 'Signature has expired',
    });
    await requestRaw('/api/v1/teams.json');
    await requestRaw('/api/v1/vaults.json');
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('requestOrThrow', () => {
  it('answers the body on 20x and throws ApiError with status and message otherwise', async () => {
    mockFetch({
      'GET /ok': { body: { a: 1 } },
      'PUT /api/v1/secrets/s1.json': { status: 409, body: { error: 'stale revision' } },
    });
    expect(await requestOrThrow('/ok')).toEqual({ a: 1 });
    const error = await requestOrThrow('/api/v1/secrets/s1.json', { method: 'PUT', body: {} }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'stale revision', message: 'stale revision' });
  });
});
