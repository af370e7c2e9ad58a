import { useEffect } from 'react';
import { POLL_INTERVAL_MS, reshareRunner } from '../../crypto-client/reshare-runner.js';

// Focus and visibility polls closer together than this are folded into one.
const FOCUS_POLL_GAP_MS = 5_000;

/**
 * While `ownerId` (a signed-in administrator) is set: asks every POLL_INTERVAL_MS, when the window
 * gets focus and when the tab is shown again whether keys are missing, and shares those it may
 * (reshareRunner: batches, one run at a time across tabs, trusted keys only).
 */
export function useBackgroundReshare(ownerId: string | null): void {
  useEffect(() => {
    if (!ownerId) return;
    let lastFocusPoll = 0;
    const poll = () => void reshareRunner.poll(ownerId);
    const pollOnReturn = () => {
      if (document.visibilityState === 'hidden' || Date.now() - lastFocusPoll < FOCUS_POLL_GAP_MS) return;
      lastFocusPoll = Date.now();
      poll();
    };
    poll();
    const timer = setInterval(poll, POLL_INTERVAL_MS);
    window.addEventListener('focus', pollOnReturn);
    document.addEventListener('visibilitychange', pollOnReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', pollOnReturn);
      document.removeEventListener('visibilitychange', pollOnReturn);
    };
  }, [ownerId]);
}
