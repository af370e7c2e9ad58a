import { describe, expect, it } from 'vitest';
import securityDoc from '../../../../../docs/security.md?raw';
import indexHtml from '../../../index.html?raw';

// Every source file of the web app, tests and test helpers left out.
const sources = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// Ways to run code that did not come with the app's own bundle.
const FOREIGN_CODE =
  /import\(\s*['"`]https?:|createElement\(\s*['"`]script|importScripts\(|new (Shared)?Worker\(\s*['"`]https?:|\beval\(|new Function\(/;

// R19, malicious delivery of the web app. The server that stores the ciphertext also serves the code
// that encrypts, so a server that is fully taken over serves code that leaks everything; no test of
// that code can see it.
// Now: open, out of scope by decision (docs/security.md): only a signed client or a bundle pinned from
// another origin resists it → after: the same. What is kept, and tested here: the code comes from
// Coffer's own server alone (no third party can serve a script), and index.html is never cached
// (packages/server/src/http/web-app.test.ts), so a host that is cleaned up serves the honest app at
// the next load.
describe('R19 delivery of the web app (out of scope)', () => {
  it("the app's code comes from its own origin only: index.html loads same-origin paths and no source loads foreign code", () => {
    const references = [...indexHtml.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(reference).toMatch(/^\/(?!\/)/);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offending = Object.entries(sources)
      .filter(([, text]) => FOREIGN_CODE.test(text))
      .map(([file]) => file);
    expect(offending).toEqual([]);
  });

  it('docs/security.md states the limit: R19 open, resisted only by a signed or pinned client', () => {
    const row = securityDoc.split('\n').find((line) => line.startsWith('| R19 '));
    expect(row).toMatch(/\| open/i);
    expect(row).toMatch(/signed client|pinned/i);
  });
});
