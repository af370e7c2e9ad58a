import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The sites the extension journeys fill (/framed: a page whose sign-in form is in a frame of another origin): served by one small HTTP server on 127.0.0.1, reached under
 * their own host names (login.example.test, its look-alike) through Chromium's host resolver rules.
 */

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const SIGN_IN_FORM = `
  <form id="sign-in" method="post" action="/signed-in">
    <label>Email <input id="username" name="username" type="email" autocomplete="username"></label>
    <label>Password <input id="password" name="password" type="password" autocomplete="current-password"></label>
    <button type="submit">Sign in</button>
  </form>`;

// A real-looking form, with an attacker's transparent form laid exactly over it: a fill must touch neither.
const OVERLAID = `
  <div style="position:relative;width:400px;height:200px">
    ${SIGN_IN_FORM}
    <form id="overlay" style="position:absolute;inset:0;opacity:0" action="/stolen">
      <input id="overlay-user" type="text" style="width:100%;height:40%">
      <input id="overlay-password" type="password" style="width:100%;height:40%">
    </form>
  </div>`;

const PAGES: Record<string, string> = {
  '/login': page('Example sign-in', `<h1>Example</h1>${SIGN_IN_FORM}`),
  '/overlay': page('Example sign-in', `<h1>Example</h1>${OVERLAID}`),
  '/no-form': page('Example', '<h1>Nothing to sign in to</h1><p>Only text.</p>'),
  '/signed-in': page('Welcome', '<h1>Signed in</h1>'),
};

/** FRAME_HOST's sign-in form in a frame of a page without one, on the site's port. */
function framedPage(host: string): string {
  const port = host.split(':')[1] ?? '80';
  return page(
    'Example sign-in',
    `<h1>Example</h1><iframe title="Sign in" src="http://${FRAME_HOST}:${port}/login" width="500" height="300"></iframe>`,
  );
}

/** The host of the framed sign-in: the same registrable domain as login.example.test, another origin. */
export const FRAME_HOST = 'auth.example.test';

export interface TestSite {
  port: number;
  /** An address of the site under a host name: `url('login.example.test', '/login')`. */
  url(host: string, path: string): string;
  close(): Promise<void>;
}

export async function startTestSite(): Promise<TestSite> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const html = path === '/framed' ? framedPage(request.headers.host ?? '') : PAGES[path];
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? page('Not found', '<h1>Not found</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
