import { Link } from 'react-router';
import { paths } from '../../navigation/paths.js';
import { detectExtensionBrowser } from './detect-browser.js';

const LABELS = {
  chrome: 'Get the Chrome extension',
  firefox: 'Get the Firefox extension',
} as const;

/**
 * The browser-extension link, for Chrome and Firefox only (spec: nothing elsewhere). It opens this
 * server's own download page (/extension, issue 29): the extension is built with the server, not
 * fetched from a store.
 */
export function ExtensionLink({ userAgent = globalThis.navigator?.userAgent ?? '' }: { userAgent?: string }) {
  const browser = detectExtensionBrowser(userAgent);
  if (!browser) return null;
  return (
    <Link className="footer__link" to={paths.extension}>
      {LABELS[browser]}
    </Link>
  );
}
