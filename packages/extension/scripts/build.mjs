// Builds the extension: one Vite build of the popup and the service worker (ES modules), one classic
// script each for the content script and the fill script (pages cannot load modules there), then the
// manifests and the zips: dist/chromium/, dist/firefox/, dist/coffer-extension-{chromium,firefox}.zip.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { zipSync } from 'fflate';
import { build } from 'vite';
import { drawIcon } from './icon.mjs';
import { chromiumManifest, firefoxManifest } from './manifest.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const packageDir = here('..');
const dist = join(packageDir, 'dist');
const chromium = join(dist, 'chromium');
const firefox = join(dist, 'firefox');
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

const resolve = {
  alias: [
    { find: '@coffer/core', replacement: here('../../core/src/index.ts') },
    { find: /^@coffer\/web\//, replacement: `${here('../../web/src')}/` },
  ],
};
const shared = { configFile: false, logLevel: 'warn', resolve, plugins: [react()] };

async function buildModules() {
  await build({
    ...shared,
    root: join(packageDir, 'src/popup'),
    base: './',
    build: {
      outDir: chromium,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      // Readable code: store reviewers read it, and nothing is gained by hiding it.
      minify: false,
      rolldownOptions: {
        input: {
          popup: join(packageDir, 'src/popup/popup.html'),
          'service-worker': join(packageDir, 'src/background/service-worker.ts'),
        },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
      },
    },
  });
}

async function buildClassicScript(entry, name) {
  await build({
    ...shared,
    build: {
      outDir: chromium,
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: {
        entry: join(packageDir, entry),
        formats: ['iife'],
        name: `coffer_${name.replace(/-/g, '_')}`,
        fileName: () => `${name}.js`,
      },
    },
  });
}

function writeIcons(folder) {
  for (const size of [16, 48, 128]) writeFileSync(join(folder, `icon-${size}.png`), drawIcon(size));
}

function zipFolder(folder, target) {
  const files = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(folder, path).split('\\').join('/')] = readFileSync(path);
    }
  };
  walk(folder);
  writeFileSync(target, zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }));
}

rmSync(dist, { recursive: true, force: true });
await buildModules();
await buildClassicScript('src/injected/content-watch.ts', 'content-watch');
await buildClassicScript('src/injected/page-fill.ts', 'page-fill');
writeIcons(chromium);
rmSync(join(chromium, 'popup.html.map'), { force: true });
mkdirSync(firefox, { recursive: true });
cpSync(chromium, firefox, { recursive: true });
writeFileSync(join(chromium, 'manifest.json'), `${JSON.stringify(chromiumManifest(version), null, 2)}\n`);
writeFileSync(join(firefox, 'manifest.json'), `${JSON.stringify(firefoxManifest(version), null, 2)}\n`);
zipFolder(chromium, join(dist, 'coffer-extension-chromium.zip'));
zipFolder(firefox, join(dist, 'coffer-extension-firefox.zip'));
console.log(
  `Built the extension ${version}: ${relative(process.cwd(), dist)}/{chromium,firefox}/ and their zips`,
);
