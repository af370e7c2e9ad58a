import { lazy, Suspense } from 'react';
import { useSession } from '../../session/use-session.js';

// Administrators only: the crypto client and the runner stay out of the shell's first download.
const AdministratorKeyTrust = lazy(() =>
  import('./administrator-key-trust.js').then((module) => ({ default: module.AdministratorKeyTrust })),
);

/**
 * Mounted once in the shell: for a signed-in administrator, shares missing keys in the background
 * (to people this browser trusts) and shows the progress and the people waiting for confirmation.
 * Renders nothing for anyone else.
 */
export function KeyTrustHost() {
  const { profile, isAdministrator } = useSession();
  const ownerId = profile && isAdministrator && !profile.must_change_password ? profile.id : null;
  if (!ownerId) return null;
  return (
    <Suspense fallback={null}>
      <AdministratorKeyTrust ownerId={ownerId} />
    </Suspense>
  );
}
