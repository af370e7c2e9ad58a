import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_SECTIONS } from '../../components/admin-shell/admin-areas.js';
import { AdminTopBar } from '../../components/admin-shell/admin-top-bar.js';
import { useAdminShortcuts } from '../../components/admin-shell/use-admin-shortcuts.js';
import { AdminSectionLink } from '../../components/billing/admin-section-link.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import '../../components/admin-shell/admin-shell.css';

/**
 * The frame of every admin screen (spec section 2): the admin sections, the top bar (toggles and
 * search) and the screen. The RequireAdmin guard above it lets only administrators in, and data
 * administrators to the statistics page alone: they get the screen without the administrators'
 * sections, top bar and shortcuts, which would only lead to pages refused to them.
 */
export function Component() {
  const { isAdministrator } = useSession();
  if (!isAdministrator) {
    return (
      <div className="admin">
        <div className="admin__screen">
          <Outlet />
        </div>
      </div>
    );
  }
  return <AdministratorFrame />;
}

function AdministratorFrame() {
  const { isDataAdministrator } = useSession();
  const searchRef = useRef<HTMLInputElement>(null);
  useAdminShortcuts(searchRef);
  return (
    <div className="admin">
      <nav className="admin__sections" aria-label="Admin sections">
        {ADMIN_SECTIONS.map((section) => (
          <AdminSectionLink key={section.path} section={section} />
        ))}
        {isDataAdministrator ? (
          <NavLink to={paths.adminDataDashboard} className="admin__section">
            Statistics
          </NavLink>
        ) : null}
        <NavLink to={paths.securityCentre} className="admin__section">
          Security Centre
        </NavLink>
      </nav>
      <AdminTopBar searchRef={searchRef} />
      <div className="admin__screen">
        <Outlet />
      </div>
    </div>
  );
}
