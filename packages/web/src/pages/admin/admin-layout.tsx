import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_SECTIONS } from '../../components/admin-shell/admin-areas.js';
import { AdminTopBar } from '../../components/admin-shell/admin-top-bar.js';
import { useAdminShortcuts } from '../../components/admin-shell/use-admin-shortcuts.js';
import '../../components/admin-shell/admin-shell.css';

/**
 * The frame of every admin screen (spec section 2): the admin sections, the top bar (toggles and
 * search) and the screen. The RequireAdmin guard above it lets only administrators in.
 */
export function Component() {
  const searchRef = useRef<HTMLInputElement>(null);
  useAdminShortcuts(searchRef);
  return (
    <div className="admin">
      <nav className="admin__sections" aria-label="Admin sections">
        {ADMIN_SECTIONS.map((section) => (
          <NavLink key={section.path} to={section.path} className="admin__section">
            {section.label}
          </NavLink>
        ))}
      </nav>
      <AdminTopBar searchRef={searchRef} />
      <div className="admin__screen">
        <Outlet />
      </div>
    </div>
  );
}
