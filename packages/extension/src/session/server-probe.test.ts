import { describe, expect, it } from 'vitest';
import { probeServer, serverOrigin } from './server-probe.js';
import {
  INVALID_SERVER_URL_MESSAGE,
  NOT_COFFER_MESSAGE,
  SERVER_UNREACHABLE_MESSAGE,
} from './session-messages.js';

const answering = (status: number, body: string): typeof fetch =>
  (async () =>
    new Response(body, { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('serverOrigin', () => {
  it('keeps the origin of an address, https when no scheme is typed', () => {
    expect(serverOrigin(' https://coffer.example.com/login ')).toBe('https://coffer.example.com');
    expect(serverOrigin('coffer.example.com')).toBe('https://coffer.example.com');
    expect(serverOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
  });

  it('refuses what is not a web address', () => {
    expect(serverOrigin('')).toBeNull();
    expect(serverOrigin('ftp://coffer.example.com')).toBeNull();
    expect(serverOrigin('http://')).toBeNull();
  });
});

describe('probeServer', () => {
  it('accepts a server whose health check answers as Coffer does', async () => {
    const probe = await probeServer('coffer.example.com', answering(200, '{"status":"ok","database":"ok"}'));
    expect(probe).toEqual({ ok: true, origin: 'https://coffer.example.com' });
  });

  it('accepts a Coffer server that is draining (503 with the same shape)', async () => {
    const probe = await probeServer(
      'https://c.example',
      answering(503, '{"status":"draining","database":"ok"}'),
    );
    expect(probe.ok).toBe(true);
  });

  it('names a wrong address, an unreachable server and a server that is not Coffer', async () => {
    expect(await probeServer('not a url at all ://', answering(200, '{}'))).toEqual({
      ok: false,
      message: INVALID_SERVER_URL_MESSAGE,
    });
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeServer('https://nowhere.example', unreachable)).toEqual({
      ok: false,
      message: SERVER_UNREACHABLE_MESSAGE,
    });
    expect(await probeServer('https://blog.example', answering(200, '<html>hello</html>'))).toEqual({
      ok: false,
      message: NOT_COFFER_MESSAGE,
    });
  });
});
