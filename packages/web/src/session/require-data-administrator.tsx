import { canViewStatistics } from '@coffer/core';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../navigation/paths.js';
import { useSession } from './use-session.js';

/**
 * Layout route element of the statistics page (spec sections 2 and 6): data administrators only;
 * anyone else, administrators and the owner included, goes to /. Nests under RequireAdmin, which
 * has already waited for the profile and sent a first_time user to /welcome.
 */
export function RequireDataAdministrator() {
  const { profile } = useSession();
  if (!profile) return null;
  if (!canViewStatistics(profile)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
