import type { InvitationRow, InvitationSentResponse, ListResponse } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

// Typed calls of the admin area's invitations (administrators; docs/server.md). Inviting is in users-api.

const invitationPath = (id: string, action = '') =>
  `/api/v1/invitations/${encodeURIComponent(id)}${action ? `/${action}` : ''}.json`;

/** The invitations not accepted yet, pending or expired, newest sent first. */
export function listInvitations(signal?: AbortSignal): Promise<ListResponse<InvitationRow>> {
  return requestOrThrow<ListResponse<InvitationRow>>('/api/v1/invitations.json', signal ? { signal } : {});
}

/** Mails a new link (the old one stops working); `mail_sent` says whether it left. */
export function resendInvitation(id: string): Promise<InvitationSentResponse> {
  return requestOrThrow<InvitationSentResponse>(invitationPath(id, 'resend'), { method: 'POST' });
}

/** Revokes an invitation: its link stops working and its seat is free. */
export function revokeInvitation(id: string): Promise<unknown> {
  return requestOrThrow(invitationPath(id), { method: 'DELETE' });
}
