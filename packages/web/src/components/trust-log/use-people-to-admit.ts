import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WaitingPerson } from '../../crypto-client/reshare-keys.js';
import { keyTrusted } from '../../keys/key-trust.js';
import { useStore } from '../../lib/create-store.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

const NONE: WaitingPerson[] = [];

/**
 * For an administrator of the verified log: the people waiting to join it (people-to-admit.ts),
 * listed again whenever the log moves or a key is trusted here. Nothing without a log.
 */
export function usePeopleToAdmit(ownerId: string): WaitingPerson[] {
  const log = useStore(trustLogStore, (view) => (view.alarm ? null : view.log));
  const state = log?.state;
  const administrator =
    state?.users.get(ownerId)?.admin === true && state.users.get(ownerId)?.active === true;
  const query = useQuery({
    queryKey: ['people-to-admit', ownerId, state?.head ?? null],
    enabled: !!state && administrator,
    queryFn: async ({ signal }) => {
      const { listPeopleToAdmit } = await import('../../trust-log/people-to-admit.js');
      return state ? listPeopleToAdmit(state, signal) : NONE;
    },
    staleTime: 60_000,
  });
  const { refetch } = query;
  useEffect(() => keyTrusted.subscribe(() => void refetch()), [refetch]);
  return query.data ?? NONE;
}
