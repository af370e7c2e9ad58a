import type { ListResponse, Organisation, OrganisationUpdateRequest, UserRow } from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import { membershipRequest } from './membership-request.js';
import { USER_CHOICES_LIMIT } from './users-api.js';

// Typed calls of the organisation (spec section 7, "Organisation and keys"; api.md).

const ORGANISATION = '/api/v1/organisation.json';

/** The caller's organisation: name, auto-logout minutes and owner (every user may read it). */
export function fetchOrganisation(signal?: AbortSignal): Promise<Organisation> {
  return requestOrThrow<Organisation>(ORGANISATION, signal ? { signal } : {});
}

/** Sets the auto logout (administrators) or the name (the owner); answers the organisation. */
export function updateOrganisation(
  settings: OrganisationUpdateRequest['organisation'],
): Promise<Organisation> {
  const body: OrganisationUpdateRequest = { organisation: settings };
  return requestOrThrow<Organisation>(ORGANISATION, { method: 'PUT', body });
}

/**
 * Gives the organisation to another administrator (the owner; the session must have proved the
 * password in the last five minutes, which the Transfer modal does first).
 */
export function transferOrganisation(ownerId: string): Promise<Organisation> {
  return membershipRequest<Organisation>('/api/v1/organisation/transfer', 'PATCH', { owner_id: ownerId }, [
    { kind: 'owner', user: ownerId },
  ]);
}

/** Deletes the organisation with every row of it (the owner, freshly verified as for a transfer). */
export function deleteOrganisation(): Promise<unknown> {
  return requestOrThrow('/api/v1/organisation', { method: 'DELETE' });
}

/**
 * Who the owner may hand the organisation to (spec section 5: only another user flagged
 * administrator): every user of the organisation (`everything=true`, page by page to the total),
 * keeping the administrators other than the caller.
 */
export async function listTransferCandidates(selfId: string, signal?: AbortSignal): Promise<UserRow[]> {
  const users: UserRow[] = [];
  for (;;) {
    const page = await requestOrThrow<ListResponse<UserRow>>('/api/v1/users.json', {
      query: { everything: true, limit: USER_CHOICES_LIMIT, offset: users.length, order: 'name asc' },
      ...(signal ? { signal } : {}),
    });
    users.push(...page.items);
    if (page.items.length === 0 || users.length >= page.total) break;
  }
  return users.filter((user) => user.administrator && user.id !== selfId);
}
