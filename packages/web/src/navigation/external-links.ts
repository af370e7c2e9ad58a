// Links out of the app, overridable at build time (VITE_* variables, see vite-env.d.ts).

/** The footer's Help link. */
export const HELP_URL = import.meta.env.VITE_HELP_URL ?? 'https://coffer.app/help';

/** Where Chrome users get the browser extension. */
export const CHROME_EXTENSION_URL =
  import.meta.env.VITE_CHROME_EXTENSION_URL ?? 'https://chromewebstore.google.com/search/coffer';

/** Where Firefox users get the browser extension. */
export const FIREFOX_EXTENSION_URL =
  import.meta.env.VITE_FIREFOX_EXTENSION_URL ?? 'https://addons.mozilla.org/firefox/search/?q=coffer';
