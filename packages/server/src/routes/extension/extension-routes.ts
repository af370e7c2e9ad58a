import { EXTENSION_ZIP_NAMES, type ExtensionBrowser, extensionDownloadPath } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import { describeExtensionDownloads, openExtensionZip } from '../../services/extension/extension-builds.js';

/**
 * The browser extension's downloads (issue 29), public: `GET /api/v1/extension/downloads` says which
 * builds are there (the web app's /extension page), and each zip is served at its /downloads path as
 * an attachment. A zip is never compressed again (http/compression.ts compresses text types only).
 */
export const extensionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/extension/downloads', async (request) => describeExtensionDownloads(request.ctx));

  for (const browser of Object.keys(EXTENSION_ZIP_NAMES) as ExtensionBrowser[]) {
    app.get(extensionDownloadPath(browser), async (request, reply) => {
      const zip = await openExtensionZip(request.ctx, browser);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.name}"`)
        .header('content-length', zip.size)
        .header('cache-control', 'no-cache')
        .send(zip.stream);
    });
  }
};
