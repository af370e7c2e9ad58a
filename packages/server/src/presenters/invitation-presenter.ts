import type { InvitationResponse, InvitationRow } from '@coffer/core';
import type { Invitation } from '../repositories/invitation-repository.js';

/** An invitation as administrators see it: never its token (only its hash is stored anyway). */
export function presentInvitation(invitation: Invitation, inviter: string): InvitationResponse {
  return {
    id: invitation.id,
    name: invitation.name,
    email: invitation.email,
    team_ids: invitation.team_ids,
    inviter,
    expires_at: invitation.expires_at,
    created_at: invitation.created_at,
  };
}

/** A row of the invitations list: expired when its link no longer works at `now`. */
export function presentInvitationRow(invitation: Invitation & { inviter: string }, now: Date): InvitationRow {
  return {
    ...presentInvitation(invitation, invitation.inviter),
    expired: Date.parse(invitation.expires_at) <= now.getTime(),
  };
}
