import type { Organisation, OrganisationUpdateRequest } from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKeys } from './accounts-queries.js';
import { auditQueryKeys } from './audit-queries.js';
import { deleteOrganisation, transferOrganisation, updateOrganisation } from './organisation-api.js';
import { organisationQueryKeys } from './organisation-queries.js';

/**
 * Changes a setting of the organisation (the auto logout or the name). The answer replaces the cached
 * organisation; the profile refetches, since it carries the auto logout that this browser's own
 * timer follows and the organisation's name; the audit log gains the change's entry.
 */
export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganisationUpdateRequest['organisation']) => updateOrganisation(settings),
    onSuccess: (organisation: Organisation) => {
      queryClient.setQueryData(organisationQueryKeys.one, organisation);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: auditQueryKeys.all }),
      ]),
  });
}

/** Transfers ownership to another administrator; the organisation and the profile refetch. */
export function useTransferOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string) => transferOrganisation(ownerId),
    onSuccess: (organisation: Organisation) => {
      queryClient.setQueryData(organisationQueryKeys.one, organisation);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryKeys.profile }),
      ]),
  });
}

/** Deletes the organisation; the caller then logs out (nothing of the session is left to cache). */
export function useDeleteOrganisation() {
  return useMutation({ mutationFn: () => deleteOrganisation() });
}
