import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Mailer, MailMessage } from './mail-message.js';

let sequence = 0;

/** Folder under DATA_DIR that receives mail when no SMTP_URL is set. */
export const OUTBOX_FOLDER = 'outbox';

/**
 * The app's mailer: nodemailer over SMTP_URL, or, without it, every message written to
 * DATA_DIR/outbox/ as an .eml file and logged, so a machine without a mail server can still
 * register and confirm (architecture.md). Links carry one-time tokens (confirmation, invitation):
 * outside NODE_ENV=production the log line carries them too, for development; in production it
 * names only the outbox file, and whoever may read DATA_DIR opens the link there.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'nodeEnv'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  const logLinks = config.nodeEnv !== 'production';
  return createOutboxMailer(path.join(config.dataDir, OUTBOX_FOLDER), config.mailFrom, log, logLinks);
}

function compose(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    textEncoding: 'quoted-printable' as const,
  };
}

// nodemailer is loaded on the first message, not at start: most servers send mail rarely, and an
// idle server should not carry it in memory (docs/benchmarks.md, resident memory).
type Nodemailer = typeof import('nodemailer');

function lazyTransport(open: (nodemailer: Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => {
      transport ??= import('nodemailer').then((nodemailer) => open(nodemailer.default));
      return transport;
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
  return {
    mode: 'smtp',
    send: async (message) => {
      await (await transport.get()).sendMail(compose(from, message));
    },
    close: transport.close,
  };
}

function createOutboxMailer(folder: string, from: string, log: FastifyBaseLogger, logLinks: boolean): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    mode: 'outbox',
    send: async (message) => {
      const info = await (await transport.get()).sendMail(compose(from, message));
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Sortable by time (and by order within a millisecond), unique across processes.
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      await writeFile(file, info.message, { mode: 0o600 });
      const fields = logLinks ? { outboxFile: file, links: message.links } : { outboxFile: file };
      log.info(fields, `mail "${message.subject}" written to the outbox`);
    },
    close: transport.close,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the app's e-mail (confirmations, invitations); see createMailer. */
    mailer: Mailer;
  }
}
