/** Browsers the extension exists for. */
export type ExtensionBrowser = 'chrome' | 'firefox';

/**
 * Which extension store to offer, from the user agent: desktop Chrome or Firefox, else none
 * (Edge, Opera, Samsung and mobile Chrome report 'Chrome/' too, but cannot use the Chrome extension link).
 */
export function detectExtensionBrowser(userAgent: string): ExtensionBrowser | null {
  if (/Firefox\//.test(userAgent) && !/Seamonkey\//.test(userAgent)) return 'firefox';
  if (!/Chrome\//.test(userAgent)) return null;
  if (/Edg\/|EdgA\/|OPR\/|SamsungBrowser\/|YaBrowser\/|Mobile/.test(userAgent)) return null;
  return 'chrome';
}
