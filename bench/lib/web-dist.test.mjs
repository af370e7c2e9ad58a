import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  findInitialScripts,
  findLargestAsset,
  findStaticImports,
  MissingWebBuildError,
  parseIndexHtml,
} from './web-dist.mjs';

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">
<link rel="stylesheet" href="/assets/index-C3.css">
<script src="/legacy.js"></script>
</head><body></body></html>`;

test('parseIndexHtml finds module entries and modulepreloads, not styles or classic scripts', () => {
  assert.deepEqual(parseIndexHtml(INDEX_HTML), {
    entries: ['/assets/index-A1.js'],
    preloads: ['/assets/vendor-B2.js'],
  });
});

test('findStaticImports sees static imports and re-exports, not dynamic import()', () => {
  const source =
    'import{a as b}from"./vendor-B2.js";import"./side-D4.js";export{c}from"./re-E5.js";' +
    'const lazy=()=>import(`./lazy-F6.js`);const other=()=>import("./lazy-G7.js");';
  assert.deepEqual(findStaticImports(source), ['./vendor-B2.js', './side-D4.js', './re-E5.js']);
});

test('findInitialScripts follows static imports missing from the preload list', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'coffer-bench-test-'));
  try {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'assets', 'index-A1.js'), 'import"./vendor-B2.js";import"./extra-H8.js";');
    writeFileSync(path.join(dist, 'assets', 'vendor-B2.js'), 'export const v=1;'.repeat(100));
    writeFileSync(path.join(dist, 'assets', 'extra-H8.js'), 'const x=()=>import("./lazy-F6.js");');
    writeFileSync(path.join(dist, 'assets', 'lazy-F6.js'), 'export default 1;');
    const scripts = findInitialScripts(dist).map(({ url, via }) => `${via} ${url}`);
    assert.deepEqual(scripts, [
      'entry /assets/index-A1.js',
      'modulepreload /assets/vendor-B2.js',
      'static import /assets/extra-H8.js',
    ]);
    assert.equal(findLargestAsset(dist).url, '/assets/vendor-B2.js');
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test('a missing build is reported as MissingWebBuildError', () => {
  assert.throws(
    () => findInitialScripts(path.join(tmpdir(), 'coffer-bench-no-such-dist')),
    MissingWebBuildError,
  );
});
