import type { Chest } from '@coffer/core';
import { useMemo } from 'react';
import { useChestAccessData } from '../../api/vaults-queries.js';
import { useSession } from '../../session/use-session.js';
import { writableChests } from './chest-write-access.js';

/** What screens need to offer chests and gate secret actions. */
export interface WritableChests {
  /** Chests the user may write to (administrators: all). */
  chests: Chest[];
  /** Ids of those chests, for quick checks per row. */
  ids: ReadonlySet<string>;
  /** True until the chests and memberships have loaded. */
  loading: boolean;
  /** The chests could not be loaded (nothing is offered then). */
  failed: boolean;
}

/** The chests the signed-in user may write secrets to, per core's permission rules. */
export function useWritableChests(): WritableChests {
  const { profile, isAdministrator } = useSession();
  const access = useChestAccessData(profile?.id, isAdministrator);
  return useMemo(() => {
    const data = access.data;
    if (!profile || !data)
      return { chests: [], ids: new Set(), loading: access.isPending, failed: access.isError };
    const actor = { id: profile.id, administrator: isAdministrator, teams: profile.teams };
    const chests = writableChests(data.chests, actor, data.memberships);
    return { chests, ids: new Set(chests.map((c) => c.id)), loading: false, failed: false };
  }, [profile, isAdministrator, access.data, access.isPending, access.isError]);
}
