import type { ExtensionBrowser } from '@coffer/core';

/** One browser's section of /extension: its heading, the zip's name and the three install steps. */
export interface InstallGuide {
  browser: ExtensionBrowser;
  heading: string;
  /** The download button's text. */
  download: string;
  /** Steps two and three; the first is the download itself. */
  steps: readonly [string, string];
  /** What else to know, or null. */
  note: string | null;
}

/**
 * The install steps of each build. The zips are not published to a store nor signed by Mozilla, so
 * each browser loads them as a developer's extension: Chromium from the unzipped folder, Firefox as a
 * temporary add-on (release Firefox installs only signed add-ons from about:addons).
 */
export const INSTALL_GUIDES: readonly InstallGuide[] = [
  {
    browser: 'chromium',
    heading: 'Chrome, Chromium, Edge and Brave',
    download: 'Download for Chrome and Chromium',
    steps: [
      'Open chrome://extensions (edge://extensions in Edge) and turn on Developer mode, top right.',
      'Click “Load unpacked” and choose the folder you unzipped. Keep the folder: the browser loads the extension from it.',
    ],
    note: null,
  },
  {
    browser: 'firefox',
    heading: 'Firefox',
    download: 'Download for Firefox',
    steps: [
      'Open about:debugging, choose “This Firefox” and click “Load Temporary Add-on…”.',
      'Choose the downloaded zip. Firefox keeps a temporary add-on until it restarts: load it again after a restart.',
    ],
    note: 'This build is not signed by Mozilla, so about:addons (gear menu, “Install Add-on From File…”) installs it for good only in Firefox Developer Edition, Nightly or ESR with xpinstall.signatures.required set to false in about:config.',
  },
];

/** Step one, after unzipping (Chromium) or as is (Firefox). */
export function firstStep(browser: ExtensionBrowser): string {
  return browser === 'chromium'
    ? 'Download the zip and unzip it into a folder you keep.'
    : 'Download the zip.';
}
