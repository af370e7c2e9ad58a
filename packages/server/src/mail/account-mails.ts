import type { FastifyBaseLogger } from 'fastify';
import { deliverMail } from './deliver-mail.js';
import { buildConfirmationLink, buildInvitationLink } from './mail-links.js';
import type { Mailer } from './mail-message.js';
import {
  buildConfirmationMail,
  buildInvitationMail,
  buildSecurityNoticeMail,
  type SecurityChange,
} from './mail-templates.js';

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

/**
 * Tells an account's previous address about a security change (a new password, a new e-mail
 * address, two-factor turned off), after the change committed. `user` is the account as it was:
 * for an e-mail change, its old address. A failure is logged and does not undo the change.
 */
export function sendSecurityNotice(
  deps: Pick<MailDeps, 'mailer' | 'log'>,
  user: { email: string; name: string },
  change: SecurityChange,
): Promise<boolean> {
  return deliverMail(
    deps.mailer,
    deps.log,
    buildSecurityNoticeMail({ to: user.email, name: user.name, change, at: new Date() }),
  );
}

/** The notice of two-factor turned off. */
export function sendTwoFactorDisabledNotice(
  deps: Pick<MailDeps, 'mailer' | 'log'>,
  user: { email: string; name: string },
): Promise<boolean> {
  return sendSecurityNotice(deps, user, 'two_factor_off');
}
