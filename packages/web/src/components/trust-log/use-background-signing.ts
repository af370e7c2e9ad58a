import { useEffect } from 'react';
import { BACKGROUND_GAP_MS, pollSigningOlder } from '../../crypto-client/sign-older-runner.js';
import { useStore } from '../../lib/create-store.js';
import { usePolling } from '../../lib/use-polling.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

/**
 * While `ownerId` (a signed-in administrator) is set: signs the older secrets in the background
 * (sign-older-runner.ts) once the organisation's log is verified, then at most every
 * BACKGROUND_GAP_MS and when the tab comes back.
 */
export function useBackgroundSigning(ownerId: string | null): void {
  const verified = useStore(trustLogStore, (view) => view.log !== null && view.alarm === null);
  useEffect(() => {
    if (ownerId && verified) void pollSigningOlder(ownerId);
  }, [ownerId, verified]);
  usePolling(ownerId, BACKGROUND_GAP_MS, (owner) => ({ poll: () => void pollSigningOlder(owner) }));
}
