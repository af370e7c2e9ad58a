import type { Profile } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { fetchOrganisation, listTransferCandidates } from './organisation-api.js';
import { useToken } from './token-store.js';

/** Query keys of the organisation. */
export const organisationQueryKeys = {
  all: ['organisation'] as const,
  one: ['organisation', 'one'] as const,
  transferCandidates: (selfId: string) => ['organisation', 'transfer-candidates', selfId] as const,
};

/** The caller's organisation (name, auto logout, owner). */
export function useOrganisation() {
  const signedIn = useToken() !== null;
  return useQuery({
    queryKey: organisationQueryKeys.one,
    queryFn: ({ signal }) => fetchOrganisation(signal),
    enabled: signedIn,
  });
}

/**
 * The owner check of the settings (spec section 2): whether the signed-in user owns the organisation,
 * by the organisation's own owner_id (it changes with a transfer), with `checking` while it loads.
 */
export function useOwnerCheck(profile: Profile | undefined): { checking: boolean; isOwner: boolean } {
  const organisation = useOrganisation();
  if (!profile || organisation.isPending) return { checking: organisation.isPending, isOwner: false };
  return {
    checking: false,
    isOwner: profile.administrator && organisation.data?.owner_id === profile.id,
  };
}

/** The administrators the owner may transfer the organisation to (not the owner). */
export function useTransferCandidates(selfId: string) {
  return useQuery({
    queryKey: organisationQueryKeys.transferCandidates(selfId),
    queryFn: ({ signal }) => listTransferCandidates(selfId, signal),
  });
}
