import type { InvitationResponse } from '@coffer/core';
import { useMemo } from 'react';
import { useResendInvitation, useRevokeInvitation } from '../../../api/invitations-mutations.js';
import { confirmThenAttempt, failureText } from '../../../components/admin-shell/admin-action.js';
import { notify } from '../../../lib/notification-store.js';
import { reportInvitationMail } from './invitation-mail.js';

/** Texts of the invitation actions. */
export const INVITATION_TEXT = {
  resend: 'Resend',
  revoke: 'Revoke',
  resent: (email: string) => `A new invitation has been sent to ${email}.`,
  revokeTitle: (email: string) => `Revoke the invitation of ${email}?`,
  revokeSubtext: 'The link in the invitation stops working, and its seat is free again.',
  revoked: (email: string) => `The invitation of ${email} has been revoked.`,
} as const;

/** The invitation actions of the invitations list and the billing accounts; each answers whether it was done. */
export interface InvitationActions {
  /** A new link (the old one stops working), mailed; says whether the mail left. */
  resend: (invitation: Pick<InvitationResponse, 'id' | 'email'>) => Promise<boolean>;
  /** Asks (a danger Confirm), then revokes. */
  revoke: (invitation: Pick<InvitationResponse, 'id' | 'email'>) => Promise<boolean>;
  /** A resend or revoke is on its way: the buttons wait (a second resend would only spend the limit). */
  busy: boolean;
}

/** Resend and Revoke, with their notifications. */
export function useInvitationActions(): InvitationActions {
  const resending = useResendInvitation();
  const revoking = useRevokeInvitation();
  const resend = resending.mutateAsync;
  const revoke = revoking.mutateAsync;
  const busy = resending.isPending || revoking.isPending;
  return useMemo(
    () => ({
      busy,
      resend: async (invitation) => {
        try {
          const answer = await resend(invitation.id);
          return reportInvitationMail(answer, INVITATION_TEXT.resent(invitation.email));
        } catch (error) {
          notify({ type: 'error', message: failureText(error) });
          return false;
        }
      },
      revoke: (invitation) =>
        confirmThenAttempt(
          {
            title: INVITATION_TEXT.revokeTitle(invitation.email),
            subtext: INVITATION_TEXT.revokeSubtext,
            confirmLabel: INVITATION_TEXT.revoke,
          },
          () => revoke(invitation.id),
          INVITATION_TEXT.revoked(invitation.email),
        ),
    }),
    [resend, revoke, busy],
  );
}
