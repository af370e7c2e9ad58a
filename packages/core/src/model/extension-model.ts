/** A browser the extension is built for (issue 29). */
export type ExtensionBrowser = 'chromium' | 'firefox';

/** One build of the extension as `GET /api/v1/extension/downloads` describes it. */
export interface ExtensionDownload {
  browser: ExtensionBrowser;
  /** The server's path of the zip, e.g. `/downloads/coffer-extension-chromium.zip`. */
  url: string;
  /** False until the extension was built (`npm run build`) into the server's EXTENSION_DIR. */
  available: boolean;
  /** Bytes of the zip, or null when it is not there. */
  size: number | null;
}

/** `GET /api/v1/extension/downloads` (public): both builds. */
export interface ExtensionDownloads {
  items: ExtensionDownload[];
}
