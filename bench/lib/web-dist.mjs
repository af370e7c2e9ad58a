// Reading the built web app (packages/web/dist): which JavaScript a first visit loads, and its assets.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from './paths.mjs';

/** Thrown when the web app is not built; benchmarks catch it and report "skipped". */
export class MissingWebBuildError extends Error {
  constructor(webDist) {
    super(`the web app is not built (no ${path.join(webDist, 'index.html')}): run \`npm run build\` first`);
    this.name = 'MissingWebBuildError';
  }
}

/** Throws MissingWebBuildError unless `webDist` holds index.html. */
export function assertWebBuild(webDist = WEB_DIST) {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new MissingWebBuildError(webDist);
}

/**
 * The JavaScript loaded before any lazy route: index.html's module entry scripts and modulepreload
 * links, plus anything they import statically (in case a chunk is missing from the preload list).
 * Returns [{ url: '/assets/x.js', file, via: 'entry' | 'modulepreload' | 'static import' }].
 */
export function findInitialScripts(webDist = WEB_DIST) {
  assertWebBuild(webDist);
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const { entries, preloads } = parseIndexHtml(html);
  const found = new Map();
  const queue = [];
  const add = (url, via) => {
    if (found.has(url)) return;
    const script = { url, file: resolveAsset(webDist, url), via };
    found.set(url, script);
    queue.push(script);
  };
  for (const url of entries) add(url, 'entry');
  for (const url of preloads) add(url, 'modulepreload');
  while (queue.length > 0) {
    const script = queue.shift();
    for (const specifier of findStaticImports(readFileSync(script.file, 'utf8'))) {
      add(path.posix.normalize(path.posix.join(path.posix.dirname(script.url), specifier)), 'static import');
    }
  }
  return [...found.values()];
}

/** The module entry scripts and modulepreload hrefs of an index.html, as written (e.g. /assets/x.js). */
export function parseIndexHtml(html) {
  const entries = [];
  const preloads = [];
  for (const [, tag, attributeText] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = parseAttributes(attributeText);
    if (tag.toLowerCase() === 'script' && attributes.type === 'module' && attributes.src)
      entries.push(attributes.src);
    const rel = (attributes.rel ?? '').split(/\s+/);
    if (tag.toLowerCase() === 'link' && rel.includes('modulepreload') && attributes.href)
      preloads.push(attributes.href);
  }
  return { entries, preloads };
}

/** Relative specifiers a minified ES module imports or re-exports statically (not `import()`). */
export function findStaticImports(source) {
  const specifiers = [];
  for (const match of source.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
  )) {
    specifiers.push(match[1]);
  }
  return specifiers;
}

/** The largest JavaScript file under dist/assets: { url, file, bytes }. */
export function findLargestAsset(webDist = WEB_DIST, extension = '.js') {
  assertWebBuild(webDist);
  const assetsDir = path.join(webDist, 'assets');
  const files = readdirSync(assetsDir)
    .filter((name) => name.endsWith(extension))
    .map((name) => ({
      url: `/assets/${name}`,
      file: path.join(assetsDir, name),
      bytes: statSync(path.join(assetsDir, name)).size,
    }));
  if (files.length === 0) throw new MissingWebBuildError(webDist);
  return files.reduce((largest, file) => (file.bytes > largest.bytes ? file : largest));
}

function resolveAsset(webDist, url) {
  const pathname = url.split(/[?#]/, 1)[0] ?? url;
  if (/^[a-z]+:/i.test(pathname)) throw new Error(`index.html loads ${url} from another origin`);
  const file = path.join(webDist, pathname.replace(/^\.?\//, ''));
  if (!existsSync(file)) throw new Error(`index.html names ${url}, which is not in ${webDist}`);
  return file;
}

function parseAttributes(text) {
  const attributes = {};
  for (const match of text.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}
