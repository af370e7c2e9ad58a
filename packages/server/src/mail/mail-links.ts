/** The link of a confirmation e-mail: the web app's login page makes the confirmation call. */
export function buildConfirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/login?confirmation_token=${encodeURIComponent(token)}`;
}

/** The link of an invitation e-mail: the web app's register page reads the invitation. */
export function buildInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/register?invitation_token=${encodeURIComponent(token)}`;
}

/** The link of an e-mail change's confirmation: the web app's page makes the confirmation call. */
export function buildEmailChangeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/email_change?email_change_token=${encodeURIComponent(token)}`;
}

/** The sign-in page, for notices that point the owner of an address there. */
export function buildSignInLink(publicUrl: string): string {
  return `${publicUrl}/login`;
}

/** The security centre (issue 31), where the rotation list is. */
export function buildSecurityCentreLink(publicUrl: string): string {
  return `${publicUrl}/security`;
}
