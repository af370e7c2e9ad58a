/** One e-mail as the app composes it; the mailer adds the sender. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries (one-time tokens): logged only in outbox mode. */
  links: string[];
}

/** Sends mail: over SMTP (SMTP_URL) or into DATA_DIR/outbox/ as .eml files. */
export interface Mailer {
  /** 'smtp' or 'outbox', for logs and tests. */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
