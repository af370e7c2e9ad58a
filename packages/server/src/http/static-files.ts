import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One file of the built web app, as it was when the server started. */
export interface StaticFile {
  filePath: string;
  contentType: string;
  size: number;
  etag: string;
  lastModified: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/**
 * Every file under the web app's folder, by URL path (`/assets/app-1a2b.js`). The folder is a build
 * output that does not change while the server runs, so it is listed once: a request can only name
 * a file in this map, never a path of its own making (no `..`, no symbolic link followed out).
 */
export function listStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const filePath = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(filePath);
      if (!entry.isFile()) continue;
      const stats = statSync(filePath);
      const urlPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      files.set(urlPath, {
        filePath,
        contentType: CONTENT_TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        size: stats.size,
        etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        lastModified: stats.mtime.toUTCString(),
      });
    }
  };
  walk(root);
  return files;
}

/**
 * Answers with a file: 304 when the browser's copy is current (If-None-Match), else the file
 * streamed with its type, length and validators. HEAD gets the headers alone (Fastify drops the body).
 */
export function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
): FastifyReply {
  reply
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('last-modified', file.lastModified);
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  reply.header('content-type', file.contentType).header('content-length', file.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(file.filePath));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}
