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

/** The administrators the owner may transfer the organisation to (not the owner). */
export function useTransferCandidates(selfId: string) {
  return useQuery({
    queryKey: organisationQueryKeys.transferCandidates(selfId),
    queryFn: ({ signal }) => listTransferCandidates(selfId, signal),
  });
}
