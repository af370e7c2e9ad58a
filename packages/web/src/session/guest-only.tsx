import { Navigate, Outlet, useLocation } from 'react-router';
import { useToken } from '../api/token-store.js';
import { readReturnPath } from './require-auth.js';

/**
 * Layout route element for visitor screens (login, register): a signed-in user is sent on, to the
 * path RequireAuth remembered or else to / (spec section 2). So once the login screen calls
 * startSession(), this redirect takes the user where they were going.
 */
export function GuestOnly() {
  const token = useToken();
  const { state } = useLocation();
  if (!token) return <Outlet />;
  return <Navigate to={readReturnPath(state)} replace />;
}
