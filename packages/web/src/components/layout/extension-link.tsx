import { CHROME_EXTENSION_URL, FIREFOX_EXTENSION_URL } from '../../navigation/external-links.js';
import { detectExtensionBrowser } from './detect-browser.js';

const LINKS = {
  chrome: { href: CHROME_EXTENSION_URL, label: 'Get the Chrome extension' },
  firefox: { href: FIREFOX_EXTENSION_URL, label: 'Get the Firefox extension' },
} as const;

/** The browser-extension download link, for Chrome and Firefox only; nothing elsewhere. */
export function ExtensionLink({ userAgent = globalThis.navigator?.userAgent ?? '' }: { userAgent?: string }) {
  const browser = detectExtensionBrowser(userAgent);
  if (!browser) return null;
  const link = LINKS[browser];
  return (
    <a className="footer__link" href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label}
    </a>
  );
}
