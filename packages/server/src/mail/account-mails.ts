import type { FastifyBaseLogger } from 'fastify';
import { deliverMail } from './deliver-mail.js';
import {
  type AddressClaim,
  buildAddressInUseMail,
  buildEmailChangeConfirmationMail,
  buildEmailChangeRequestedMail,
} from './identity-mail-templates.js';
import {
  buildConfirmationLink,
  buildEmailChangeLink,
  buildInvitationLink,
  buildSignInLink,
} from './mail-links.js';
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

/** Sends the link that confirms a new address to that address (`${PUBLIC_URL}/email_change?email_change_token=…`). */
export function sendEmailChangeConfirmation(
  deps: MailDeps,
  change: { email: string; name: string; validHours: number },
  token: string,
): Promise<boolean> {
  const link = buildEmailChangeLink(deps.config.publicUrl, token);
  return deliverMail(
    deps.mailer,
    deps.log,
    buildEmailChangeConfirmationMail({
      to: change.email,
      name: change.name,
      link,
      validHours: change.validHours,
    }),
  );
}

/** Tells the account's current address that a change to `newEmail` waits for confirmation. */
export function sendEmailChangeRequestedNotice(
  deps: Pick<MailDeps, 'mailer' | 'log'>,
  user: { email: string; name: string },
  newEmail: string,
): Promise<boolean> {
  return deliverMail(
    deps.mailer,
    deps.log,
    buildEmailChangeRequestedMail({ to: user.email, name: user.name, newEmail }),
  );
}

/** Tells the owner of an address that someone tried to take it (registration or an e-mail change). */
export function sendAddressInUseNotice(
  deps: MailDeps,
  owner: { email: string; name: string },
  claim: AddressClaim,
): Promise<boolean> {
  return deliverMail(
    deps.mailer,
    deps.log,
    buildAddressInUseMail({
      to: owner.email,
      name: owner.name,
      claim,
      signInLink: buildSignInLink(deps.config.publicUrl),
    }),
  );
}
