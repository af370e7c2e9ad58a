import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../navigation/paths.js';
import { useSession } from './use-session.js';

/**
 * Layout route element of the admin area (spec section 2): a first_time user goes to /welcome, a
 * user who is not an administrator to /. Nests under RequireAuth, so a token exists. The one
 * exception is the statistics page, whose only role is the data administrator (spec section 6),
 * who need not be an administrator: they reach /admin/datadashboard and no other admin page.
 */
export function RequireAdmin() {
  const { profile, isAdministrator, isDataAdministrator } = useSession();
  const { pathname } = useLocation();
  if (!profile) {
    return (
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    );
  }
  if (profile.first_time) return <Navigate to={paths.welcome} replace />;
  const statisticsOnly = isDataAdministrator && matchPath(paths.adminDataDashboard, pathname) !== null;
  if (!isAdministrator && !statisticsOnly) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
