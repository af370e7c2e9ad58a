import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mail-message.js';

/**
 * Sends a message after its transaction committed. A mail failure never undoes the account
 * change (the user can ask for a resend); it is logged without the message or its links.
 * Answers whether the mail left.
 */
export async function deliverMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    log.error({ mailMode: mailer.mode, reason }, `could not send mail "${message.subject}"`);
    return false;
  }
}
