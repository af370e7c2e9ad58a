import { Link } from 'react-router';
import { useRouteHandle } from '../../navigation/route-handle.js';
import { useSession } from '../../session/use-session.js';
import { NotificationHost } from '../notifications/notification-host.js';
import { AccountMenu } from './account-menu.js';
import { AdminLink } from './admin-link.js';
import { HeaderLogo } from './header-logo.js';

/** The page header: logo, then the admin link and account menu when signed in, or the route's visitor link. */
export function Header() {
  const { signedIn, isAdministrator, isDataAdministrator } = useSession();
  const { headerLink, notificationPlacement } = useRouteHandle();
  return (
    <header className="header">
      <div className="header__bar">
        <HeaderLogo />
        <nav className="header__nav" aria-label="Account">
          {signedIn && (isAdministrator || isDataAdministrator) ? <AdminLink /> : null}
          {signedIn ? <AccountMenu /> : null}
          {!signedIn && headerLink ? (
            <Link to={headerLink.to} className="header__link header__link--strong">
              {headerLink.label}
            </Link>
          ) : null}
        </nav>
      </div>
      {notificationPlacement === 'header' ? <NotificationHost variant="header" /> : null}
    </header>
  );
}
