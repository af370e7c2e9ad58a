// The sync's two reads (and the one-secret read) answered inside the page from the extension tests'
// honest server model (FakeSyncServer), through JSON and Response as real answers come, each after
// `latencyMs`. The server's own cost is not what this benchmark weighs: the browser's work is.
import type { FakeSyncServer } from '../../../packages/extension/src/sync/testing/fake-sync-server.js';

const SECRET_PATH = /^\/api\/v1\/secrets\/([^/]+)\.json$/;

/** Requests answered, by path, so the page can prove what a sync asked for. */
export interface PageRequests {
  changes: number;
  ids: number;
  secret: number;
}

/** A fetch for createHttpTransport that answers from `server`. */
export function pageFetch(server: FakeSyncServer, latencyMs: number, requests: PageRequests): typeof fetch {
  return async (input) => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const url = new URL(String(input), window.location.href);
    const query = url.searchParams;
    if (url.pathname === '/api/v1/secrets/changes.json') {
      requests.changes += 1;
      return answer(await server.transport.changes(query.get('since'), Number(query.get('limit'))));
    }
    if (url.pathname === '/api/v1/secrets/ids.json') {
      requests.ids += 1;
      return answer(await server.transport.ids(query.get('after')));
    }
    const match = SECRET_PATH.exec(url.pathname);
    if (match) {
      requests.secret += 1;
      const secret = await server.transport.secret(decodeURIComponent(match[1] ?? ''));
      return secret ? answer(secret) : new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }
    return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
  };
}

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}
