import { useStore } from '../../lib/create-store.js';
import { HELP_URL } from '../../navigation/external-links.js';
import { helpPanelStore, toggleHelpPanel } from '../../shortcuts/help-panel-store.js';
import { ExtensionLink } from './extension-link.js';
import { ThemeSwitch } from './theme-switch.js';

/** The page footer: Help, the extension link, the copyright line, shortcut help and the theme switch. */
export function Footer() {
  const helpOpen = useStore(helpPanelStore);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label="Footer">
          <a className="footer__link" href={HELP_URL} target="_blank" rel="noopener noreferrer">
            Help
          </a>
          <ExtensionLink />
        </nav>
        <p className="footer__copyright">{`© ${new Date().getFullYear()} Coffer`}</p>
        <div className="footer__tools">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded={helpOpen}
            onClick={toggleHelpPanel}
          >
            Keyboard shortcuts
          </button>
          <ThemeSwitch />
        </div>
      </div>
    </footer>
  );
}
