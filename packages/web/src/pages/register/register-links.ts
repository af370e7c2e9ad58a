// Links out of the register screens.

/** The end-user licence agreement the terms checkbox refers to. */
export const EULA_URL = 'https://coffer.app/eula';
/** The privacy policy the terms checkbox refers to. */
export const PRIVACY_POLICY_URL = 'https://coffer.app/privacy';

/** The web-mail services the 'Check your mailbox' step opens. */
export const WEBMAIL_LINKS: readonly { label: string; href: string }[] = [
  { label: 'Open Gmail', href: 'https://mail.google.com/' },
  { label: 'Open Outlook', href: 'https://outlook.live.com/mail/' },
  { label: 'Open Yahoo Mail', href: 'https://mail.yahoo.com/' },
];
