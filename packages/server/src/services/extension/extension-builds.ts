import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  EXTENSION_NOT_BUILT_MESSAGE,
  EXTENSION_ZIP_NAMES,
  type ExtensionBrowser,
  type ExtensionDownload,
  type ExtensionDownloads,
  extensionDownloadPath,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../service-context.js';

// The browser extension's zips (issue 29), public like the web app: they hold no secret, only the
// code every user of this server runs. Looked up on every request, not listed at start as the web
// app is, so a build made while the server runs is served at once.

const BROWSERS = Object.keys(EXTENSION_ZIP_NAMES) as ExtensionBrowser[];

/** Both builds, and whether each is there: what the download page shows. */
export async function describeExtensionDownloads(ctx: ServiceContext): Promise<ExtensionDownloads> {
  const items = await Promise.all(
    BROWSERS.map(async (browser): Promise<ExtensionDownload> => {
      const size = await zipSize(ctx, browser);
      return { browser, url: extensionDownloadPath(browser), available: size !== null, size };
    }),
  );
  return { items };
}

/** A build's zip to stream, with its name and size; 404 with the build command when it is not there. */
export async function openExtensionZip(
  ctx: ServiceContext,
  browser: ExtensionBrowser,
): Promise<{ name: string; size: number; stream: ReadStream }> {
  const size = await zipSize(ctx, browser);
  if (size === null) throw AppError.notFound(EXTENSION_NOT_BUILT_MESSAGE);
  return { name: EXTENSION_ZIP_NAMES[browser], size, stream: createReadStream(zipPath(ctx, browser)) };
}

function zipPath(ctx: ServiceContext, browser: ExtensionBrowser): string {
  return path.join(ctx.config.extensionDir, EXTENSION_ZIP_NAMES[browser]);
}

async function zipSize(ctx: ServiceContext, browser: ExtensionBrowser): Promise<number | null> {
  try {
    const info = await stat(zipPath(ctx, browser));
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
