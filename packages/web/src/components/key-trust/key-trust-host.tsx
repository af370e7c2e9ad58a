import { lazy, Suspense } from 'react';
import { useStore } from '../../lib/create-store.js';
import { useSession } from '../../session/use-session.js';
import { isLogAdministrator } from '../../trust-log/log-administrator.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

// Administrators only: the crypto client and the runner stay out of the shell's first download.
const AdministratorKeyTrust = lazy(() =>
  import('./administrator-key-trust.js').then((module) => ({ default: module.AdministratorKeyTrust })),
);

/**
 * Mounted once in the shell: for a signed-in administrator, shares missing keys in the background
 * (to people this browser trusts) and shows the progress and the people waiting for confirmation.
 * Renders nothing for anyone else. Who is an administrator is the verified trust log's word once the
 * organisation has one (isLogAdministrator), and nobody's before the session's first sync.
 */
export function KeyTrustHost() {
  const { profile, isAdministrator } = useSession();
  const trustLog = useStore(trustLogStore);
  const administrator = profile ? isLogAdministrator(trustLog, profile.id, isAdministrator) : false;
  const ownerId = profile && administrator && !profile.must_change_password ? profile.id : null;
  if (!ownerId) return null;
  return (
    <Suspense fallback={null}>
      <AdministratorKeyTrust ownerId={ownerId} />
    </Suspense>
  );
}
