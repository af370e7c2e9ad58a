import { POLL_INTERVAL_MS, reshareRunner } from '../../crypto-client/reshare-runner.js';
import { usePolling } from '../../lib/use-polling.js';

/**
 * While `ownerId` (a signed-in administrator) is set: asks every POLL_INTERVAL_MS, when the window
 * gets focus and when the tab is shown again whether keys are missing, and shares those it may
 * (reshareRunner: batches, one run at a time across tabs, trusted keys only).
 */
export function useBackgroundReshare(ownerId: string | null): void {
  usePolling(ownerId, POLL_INTERVAL_MS, (owner) => ({ poll: () => void reshareRunner.poll(owner) }));
}
