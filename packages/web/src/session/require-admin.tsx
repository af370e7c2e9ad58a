import { Navigate, Outlet } from 'react-router';
import { paths } from '../app/paths.js';
import { useSession } from './use-session.js';

/**
 * Layout route element of the admin area (spec section 2): a first_time user goes to /welcome, a
 * user who is not an administrator to /. Nests under RequireAuth, so a token exists.
 */
export function RequireAdmin() {
  const { profile, isAdministrator } = useSession();
  if (!profile) {
    return (
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    );
  }
  if (profile.first_time) return <Navigate to={paths.welcome} replace />;
  if (!isAdministrator) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
