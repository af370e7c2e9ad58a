import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of the Pwned Passwords range API (issue 31): GET /range/{5 hex} answers the
// suffixes of the passwords it was told are breached, padded with ':0' lines as the real API does
// under `Add-Padding: true`. It records every request it receives, preflights included, so a
// journey can prove that nothing but 5-character prefixes ever reached it.

/** One request the stand-in received. */
export interface RangeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running stand-in. */
export interface RangeStandIn {
  /** The range URL to give the server (HIBP_RANGE_URL), ending in '/range/'. */
  url: string;
  received: RangeRequest[];
  close: () => Promise<void>;
}

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** Starts the stand-in on a free port; `breached` maps a password to the times it was "seen". */
export async function startRangeStandIn(breached: Record<string, number>): Promise<RangeStandIn> {
  const known = new Map(Object.entries(breached).map(([password, count]) => [sha1(password), count]));
  const received: RangeRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      // The app's origin fetches cross-origin, with a header of its own: CORS and its preflight.
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Headers', 'Add-Padding');
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const match = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '');
      if (request.method !== 'GET' || !match) {
        response.writeHead(400).end();
        return;
      }
      const prefix = match[1] as string;
      const lines = [...known]
        .filter(([hash]) => hash.startsWith(prefix))
        .map(([hash, count]) => `${hash.slice(5)}:${count}`);
      for (let index = 0; index < 50; index += 1)
        lines.push(`${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`);
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end(lines.join('\r\n'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/range/`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
