import { Navigate, Outlet } from 'react-router';
import { useTeamsGate } from '../api/billing-queries.js';
import { paths } from '../navigation/paths.js';
import { useSession } from './use-session.js';

/**
 * Layout route element of the Teams and Users section (spec section 6: "shown only on a paid plan;
 * otherwise a locked Unlock item leads to /plans"): on the free plan its screens lead to /plans too.
 * Under BILLING=off, on the Team Plan, or when the server cannot say, they open (the server
 * enforces the plan's limits; this only explains them). Loaded lazily by the route table.
 */
export function Component() {
  const gate = useTeamsGate(useSession().isAdministrator);
  if (gate === 'pending') {
    return (
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    );
  }
  if (gate === 'locked') return <Navigate to={paths.plans} replace />;
  return <Outlet />;
}
