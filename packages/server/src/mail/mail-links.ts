/** The link of a confirmation e-mail: the web app's login page makes the confirmation call. */
export function buildConfirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/login?confirmation_token=${encodeURIComponent(token)}`;
}

/** The link of an invitation e-mail: the web app's register page reads the invitation. */
export function buildInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/register?invitation_token=${encodeURIComponent(token)}`;
}
