import { Link, useLocation } from 'react-router';
import { isAdminPath, paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';

/**
 * For administrators: a link to the admin area, which reads 'Back to dashboard' inside it. A data
 * administrator who is not an administrator gets only the way back from the statistics page, the
 * one admin page they may open (from the account menu).
 */
export function AdminLink() {
  const { pathname } = useLocation();
  const { isAdministrator } = useSession();
  if (isAdminPath(pathname)) {
    return (
      <Link to={paths.home} className="header__link">
        Back to dashboard
      </Link>
    );
  }
  if (!isAdministrator) return null;
  return (
    <Link to={paths.admin} className="header__link">
      Admin
    </Link>
  );
}
