import { readFile } from 'node:fs/promises';
import { serverLogPath } from './data-dir.js';
import { readOutbox } from './outbox.js';

/** The server's log lines so far (JSON lines from pino, plus anything written to stderr). */
export async function readServerLogLines(): Promise<string[]> {
  return (await readFile(serverLogPath, 'utf8')).split('\n').filter((line) => line.trim() !== '');
}

/**
 * A line the outbox mailer writes on purpose: the message's links, logged because no SMTP server is
 * set (docs/server.md, Mail). Every other line must be free of one-time tokens.
 */
export function isOutboxLinkLine(line: string): boolean {
  try {
    const entry = JSON.parse(line) as { msg?: unknown; links?: unknown };
    return (
      typeof entry.msg === 'string' &&
      entry.msg.includes('written to the outbox') &&
      Array.isArray(entry.links)
    );
  } catch {
    return false;
  }
}

/** Every confirmation and invitation token the server has mailed in this run. */
export async function readMailedTokens(): Promise<string[]> {
  return (await readOutbox()).flatMap((mail) =>
    mail.links.flatMap((link) => {
      const query = new URL(link).searchParams;
      return [
        query.get('confirmation_token'),
        query.get('invitation_token'),
        query.get('email_change_token'),
      ].filter((token): token is string => token !== null);
    }),
  );
}
