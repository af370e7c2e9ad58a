import { useEffect, useRef } from 'react';

// Focus and visibility polls closer together than this are folded into one.
const RETURN_POLL_GAP_MS = 5_000;

/** What `start` makes for one key: the poll, and what to do when the key changes or the page unmounts. */
export interface Poller {
  poll(): void;
  stop?(): void;
}

/**
 * While `key` is set (a signed-in user's id, say): runs its poller's `poll` at once, every
 * `intervalMs`, and when the tab comes back (focus, or shown again; returns closer together than
 * 5 s count once). `start` makes the poller when the key is set or changes; the latest `start` is
 * used, so it may close over the render's values.
 */
export function usePolling(key: string | null, intervalMs: number, start: (key: string) => Poller): void {
  const latestStart = useRef(start);
  latestStart.current = start;
  useEffect(() => {
    if (!key) return;
    const poller = latestStart.current(key);
    let lastReturnPoll = 0;
    const pollOnReturn = () => {
      if (document.visibilityState === 'hidden' || Date.now() - lastReturnPoll < RETURN_POLL_GAP_MS) return;
      lastReturnPoll = Date.now();
      poller.poll();
    };
    poller.poll();
    const timer = setInterval(() => poller.poll(), intervalMs);
    window.addEventListener('focus', pollOnReturn);
    document.addEventListener('visibilitychange', pollOnReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', pollOnReturn);
      document.removeEventListener('visibilitychange', pollOnReturn);
      poller.stop?.();
    };
  }, [key, intervalMs]);
}
