// The messages between the extension's parts. Content scripts may only report a submission; nothing
// a page can send ever returns a secret.

/** A sign-in form was submitted on a page (content script → service worker). */
export interface SubmittedMessage {
  type: 'submitted';
  username: string;
  password: string;
}

/** The popup unlocked or locked: the service worker re-arms its lock alarm (popup → service worker). */
export interface SessionChangedMessage {
  type: 'session-changed';
}

export type ExtensionMessage = SubmittedMessage | SessionChangedMessage;

export function isExtensionMessage(value: unknown): value is ExtensionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  if (type === 'session-changed') return true;
  const message = value as Partial<SubmittedMessage>;
  return type === 'submitted' && typeof message.username === 'string' && typeof message.password === 'string';
}
