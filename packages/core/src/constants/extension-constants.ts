// The browser extension's downloads (issue 29): file names the server serves from EXTENSION_DIR.

/** The zip of each build, as `npm run build` writes it into packages/extension/dist. */
export const EXTENSION_ZIP_NAMES = {
  chromium: 'coffer-extension-chromium.zip',
  firefox: 'coffer-extension-firefox.zip',
} as const;

/** The path the server serves a build's zip at. */
export function extensionDownloadPath(browser: keyof typeof EXTENSION_ZIP_NAMES): string {
  return `/downloads/${EXTENSION_ZIP_NAMES[browser]}`;
}

/** The command that builds the extension (and everything else). */
export const EXTENSION_BUILD_COMMAND = 'npm run build';

/** What a missing zip answers, and what the download page says instead of its button. */
export const EXTENSION_NOT_BUILT_MESSAGE = `The extension has not been built on this server yet. Build it with ${EXTENSION_BUILD_COMMAND}.`;
