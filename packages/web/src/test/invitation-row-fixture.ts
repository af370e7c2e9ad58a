import type { InvitationRow } from '@coffer/core';

/** An invitation as GET /api/v1/invitations answers it, sent by the owner; pending unless overridden. */
export function invitationRow(
  id: string,
  email: string,
  overrides: Partial<InvitationRow> = {},
): InvitationRow {
  return {
    id,
    name: email.split('@')[0] ?? email,
    email,
    team_ids: [],
    inviter: 'Ada Lovelace',
    created_at: '2024-05-01T10:00:00.000Z',
    expires_at: '2024-05-08T10:00:00.000Z',
    expired: false,
    ...overrides,
  };
}
