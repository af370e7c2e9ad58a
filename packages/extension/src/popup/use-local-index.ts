import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnlockedSession } from '../session/unlocked-session.js';
import type { SecretIndex } from '../sync/index.js';
import { openLocalIndex, syncLocalIndex, vaultEntriesOf } from '../vault/local-index.js';
import type { VaultEntry } from '../vault/vault-entry.js';

/** The index the popup lists; `version` moves each time a sync has changed it in place. */
export interface ListedIndex {
  index: SecretIndex;
  version: number;
}

/**
 * The popup's list from the encrypted local index: what the stored index holds at once, then the same
 * after a sync (only what changed since the last one is read and opened). `refresh` syncs again (after
 * the popup's own save). `synced` settles with the fresh entries after the first sync.
 */
export function useLocalIndex(session: UnlockedSession, onError: (error: unknown) => void) {
  const [listed, setListed] = useState<ListedIndex | null>(null);
  const index = useRef<Promise<SecretIndex> | null>(null);
  // One sync at a time on the one index: a refresh waits for the sync before it.
  const syncing = useRef<Promise<unknown>>(Promise.resolve());
  const [synced, setSynced] = useState<Promise<VaultEntry[]> | null>(null);

  const sync = useCallback(
    (opened: Promise<SecretIndex>): Promise<VaultEntry[]> => {
      const run = syncing.current.then(async () => {
        const current = await opened;
        try {
          await syncLocalIndex(session, current);
        } finally {
          setListed((shown) => ({ index: current, version: (shown?.version ?? 0) + 1 }));
        }
        return vaultEntriesOf(current);
      });
      syncing.current = run.catch(() => undefined);
      return run;
    },
    [session],
  );

  useEffect(() => {
    let live = true;
    const opened = openLocalIndex(session);
    index.current = opened;
    // An index synced before (this unlock) is shown at once; a fresh one waits for its first sync.
    void opened.then((loaded) => {
      if (live && loaded.cursor !== null) setListed((shown) => shown ?? { index: loaded, version: 0 });
    }, onError);
    const first = sync(opened);
    first.catch((error) => live && onError(error));
    setSynced(first);
    return () => {
      live = false;
    };
  }, [session, sync, onError]);

  const refresh = useCallback(() => {
    if (index.current) sync(index.current).catch(onError);
  }, [sync, onError]);

  return { listed, synced, refresh };
}
