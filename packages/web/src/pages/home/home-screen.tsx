import { Navigate, useParams } from 'react-router';
import { useStore } from '../../lib/create-store.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import { adminMadeKeyInLog } from '../../trust-log/admin-made-key.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';
import { Dashboard } from './dashboard.js';

/**
 * Home (`/`): the dashboard; at `/secrets/<id>` with that secret's viewer open. First-time users go to /welcome and users who must change their
 * password to /profile/personal_password (spec section 2); RequireAuth already sent visitors to /login.
 */
export function Component() {
  const { profile } = useSession();
  const { secretId } = useParams();
  const trustLog = useStore(trustLogStore);
  if (!profile) {
    return (
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    );
  }
  if (profile.first_time) return <Navigate to={paths.welcome} replace />;
  // The log's word that the key was an administrator's counts as much as the server's flag (R16).
  if (profile.must_change_password || adminMadeKeyInLog(trustLog, profile.id))
    return <Navigate to={paths.profilePersonalPassword} replace />;
  return <Dashboard addressedId={secretId} />;
}
