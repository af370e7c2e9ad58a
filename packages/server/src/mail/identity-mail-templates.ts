import type { MailMessage } from './mail-message.js';
import { renderHtml } from './mail-templates.js';

// The mails that guard who an address belongs to (issue 25, review L2 and L4): the link that confirms
// a new address, the notice to the old one, and the notice to an address someone tried to take.

const NOT_YOU =
  "If it was not, your account may be in someone else's hands: change your password in Account Settings at once (that cancels the change) and tell your organisation's administrator.";

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = link
    ? `${paragraphs.slice(0, -1).join('\n\n')}\n\n${link.href}\n\n${paragraphs.at(-1)}\n`
    : `${paragraphs.join('\n\n')}\n`;
  return { to, subject, text, html: renderHtml(paragraphs, link), links: link ? [link.href] : [] };
}

/** The link to the new address: the change applies only when it is opened. */
export function buildEmailChangeConfirmationMail(input: {
  to: string;
  name: string;
  link: string;
  validHours: number;
}): MailMessage {
  return message(
    input.to,
    'Confirm your new Coffer email address',
    [
      `Hello ${input.name},`,
      `You asked to sign in to Coffer with this address from now on. Open the link below within ${input.validHours} hours to confirm it; until then your current address stays in use.`,
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
    { href: input.link, label: 'Confirm my new email address' },
  );
}

/** The notice to the current address that a change to `newEmail` waits for confirmation; no link, no token. */
export function buildEmailChangeRequestedMail(input: {
  to: string;
  name: string;
  newEmail: string;
}): MailMessage {
  return message(input.to, 'Someone asked to change your Coffer email address', [
    `Hello ${input.name},`,
    `Someone signed in to your Coffer account asked to change its email address to ${input.newEmail}. The change takes effect only when the link sent to that address is opened; until then you keep signing in with this one.`,
    'If this was you, there is nothing to do.',
    NOT_YOU,
  ]);
}

/** Why someone tried to use an address that already has an account. */
export type AddressClaim = 'registration' | 'email_change';

const CLAIMS: Record<AddressClaim, string> = {
  registration:
    'Someone tried to register a new Coffer organisation with this email address, which already has a Coffer account. No account was created.',
  email_change:
    'Someone asked to move another Coffer account to this email address, which already has a Coffer account. Nothing was changed.',
};

/**
 * The notice to the owner of an address that someone tried to take (registration or another
 * account's e-mail change): the asker is answered as if the address were free, and the owner hears.
 */
export function buildAddressInUseMail(input: {
  to: string;
  name: string;
  claim: AddressClaim;
  signInLink: string;
}): MailMessage {
  return message(
    input.to,
    'Someone tried to use your email address on Coffer',
    [
      `Hello ${input.name},`,
      CLAIMS[input.claim],
      "If it was you, sign in with this address; if you have forgotten your password, ask your organisation's administrator to reset it.",
      'If it was not you, you can ignore this email.',
    ],
    { href: input.signInLink, label: 'Sign in to Coffer' },
  );
}
