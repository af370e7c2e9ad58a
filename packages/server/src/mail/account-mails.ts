import type { FastifyBaseLogger } from 'fastify';
import { deliverMail } from './deliver-mail.js';
import { buildConfirmationLink, buildInvitationLink } from './mail-links.js';
import type { Mailer } from './mail-message.js';
import { buildConfirmationMail, buildInvitationMail } from './mail-templates.js';

/** What sending an account e-mail needs. */
export interface MailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: { publicUrl: string };
}

/** Sends the confirmation e-mail with a link to `${PUBLIC_URL}/login?confirmation_token=…`. */
export function sendConfirmationMail(
  deps: MailDeps,
  user: { email: string; name: string },
  token: string,
): Promise<boolean> {
  const link = buildConfirmationLink(deps.config.publicUrl, token);
  return deliverMail(deps.mailer, deps.log, buildConfirmationMail({ to: user.email, name: user.name, link }));
}

/** Sends the invitation e-mail with a link to `${PUBLIC_URL}/register?invitation_token=…`. */
export function sendInvitationMail(
  deps: MailDeps,
  invitation: { email: string; name: string; inviter: string; company: string },
  token: string,
): Promise<boolean> {
  const link = buildInvitationLink(deps.config.publicUrl, token);
  return deliverMail(
    deps.mailer,
    deps.log,
    buildInvitationMail({
      to: invitation.email,
      name: invitation.name,
      inviter: invitation.inviter,
      company: invitation.company,
      link,
    }),
  );
}
