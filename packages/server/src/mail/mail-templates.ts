import type { MailMessage } from './mail-message.js';

// Plain text first (what every client can show), and a simple HTML twin without styles or images.

/** Escapes text for HTML: names are typed by people and must not become markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The HTML twin of a plain-text mail: paragraphs, then the link (its label, then the address itself). */
export function renderHtml(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  if (!link) return `<!doctype html>\n<html><body>\n${body}\n</body></html>\n`;
  const href = escapeHtml(link.href);
  return `<!doctype html>\n<html><body>\n${body}\n<p><a href="${href}">${escapeHtml(link.label)}</a></p>\n<p>${href}</p>\n</body></html>\n`;
}

/** The e-mail that confirms an address after registration, an administrator's add, or a resend. */
export function buildConfirmationMail(input: { to: string; name: string; link: string }): MailMessage {
  const paragraphs = [`Hello ${input.name},`, 'Please confirm your email address to start using Coffer.'];
  const closing = 'If you did not expect this email, you can ignore it.';
  return {
    to: input.to,
    subject: 'Confirm your Coffer account',
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n\n${closing}\n`,
    html: renderHtml([...paragraphs, closing], { href: input.link, label: 'Confirm my account' }),
    links: [input.link],
  };
}

/** The e-mail that invites someone to join an organisation. */
export function buildInvitationMail(input: {
  to: string;
  name: string;
  inviter: string;
  company: string;
  link: string;
}): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    `${input.inviter} has invited you to join ${input.company} on Coffer.`,
    'Open the link below to choose your password and create your account.',
  ];
  return {
    to: input.to,
    subject: `${input.inviter} invited you to ${input.company} on Coffer`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: renderHtml(paragraphs, { href: input.link, label: 'Accept the invitation' }),
    links: [input.link],
  };
}

/** What changed on an account, for the notice sent to its previous address. */
export type SecurityChange = 'password' | 'email' | 'two_factor_off';

const NOTICES: Record<SecurityChange, { subject: string; what: (old: string) => string; risk?: string }> = {
  password: {
    subject: 'Your Coffer password was changed',
    what: () => 'The password of your Coffer account was changed.',
  },
  email: {
    subject: 'Your Coffer email address was changed',
    what: (old) =>
      `The email address of your Coffer account is no longer ${old}: you now sign in with another address, and this address will receive no more mail about the account.`,
  },
  two_factor_off: {
    subject: 'Two-step verification was turned off for your Coffer account',
    what: () => 'Two-step verification was turned off for your Coffer account.',
    risk: 'This means anybody with your account password can now sign in to it.',
  },
};

/**
 * The notice of a security change, sent to the address the account had before it (the old one for
 * an e-mail change). It carries no link and no token: someone who reads it needs nothing from it.
 */
export function buildSecurityNoticeMail(input: {
  to: string;
  name: string;
  change: SecurityChange;
  at: Date;
}): MailMessage {
  const notice = NOTICES[input.change];
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const paragraphs = [
    `Hello ${input.name},`,
    `${notice.what(input.to)} (${when})`,
    ...(notice.risk ? [notice.risk] : []),
    'If this was you, there is nothing to do.',
    "If it was not, your account may be in someone else's hands: contact your organisation's administrator at once.",
  ];
  return {
    to: input.to,
    subject: notice.subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: renderHtml(paragraphs),
    links: [],
  };
}

/**
 * The reminder to a chest's manager that secrets of the chest wait on the rotation list (issue 31):
 * the chest's name and how many, never a secret's name, and a link to the security centre.
 */
export function buildRotationReminderMail(input: {
  to: string;
  name: string;
  chest: string;
  count: number;
  link: string;
}): MailMessage {
  const secrets = input.count === 1 ? '1 secret' : `${input.count} secrets`;
  const paragraphs = [
    `Hello ${input.name},`,
    `${secrets} in the chest ${input.chest} should be rotated: someone who could read them has lost access, or they are older than the chest's rotation policy allows.`,
    'Open the security centre to see which, and save a new password for each.',
  ];
  return {
    to: input.to,
    subject: `Secrets to rotate in ${input.chest}`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: renderHtml(paragraphs, { href: input.link, label: 'Open the security centre' }),
    links: [input.link],
  };
}
