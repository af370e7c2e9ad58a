import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server for tests: keeps what it accepts, or refuses every message while told to. */
export interface SmtpSink {
  /** SMTP_URL for a mailer or a server process. */
  url: string;
  /** Each accepted message, raw (headers and quoted-printable body). */
  received: string[];
  /** From now on, answer every message with a permanent failure (550), or accept again. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/**
 * Mail that "fails loudly" is tested against a real SMTP conversation that ends in refusal, the
 * way a misconfigured relay or a full quota fails in production, rather than a mailer stub.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  let refusing = false;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      const refusal = new Error('Mailbox unavailable') as Error & { responseCode: number };
      refusal.responseCode = 550;
      return callback(refusal);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message's text with quoted-printable soft breaks and `=3D` undone, for finding a link in it. */
export function decodedBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
}
