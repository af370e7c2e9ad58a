import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { buildConfirmationLink, buildInvitationLink } from './mail-links.js';
import { buildConfirmationMail, buildInvitationMail } from './mail-templates.js';
import { createMailer } from './mailer.js';
import { readOutbox } from './outbox-reader.js';

function captureLogger() {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  return { logger: app.log, lines };
}

describe('mailer', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'coffer-mail-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes .eml files to DATA_DIR/outbox without SMTP_URL and logs their links', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer(
      { smtpUrl: null, mailFrom: 'Coffer <no-reply@localhost>', dataDir, nodeEnv: 'development' },
      logger,
    );
    expect(mailer.mode).toBe('outbox');
    const link = buildConfirmationLink('https://coffer.example', 'tok_en-123');
    await mailer.send(buildConfirmationMail({ to: 'zoë@example.test', name: 'Zoë <b>', link }));
    const [mail] = await readOutbox(dataDir);
    expect(mail).toMatchObject({
      to: 'zoë@example.test',
      subject: 'Confirm your Coffer account',
      links: [link],
    });
    expect(mail?.text).toContain('Hello Zoë <b>,');
    expect(link).toBe('https://coffer.example/login?confirmation_token=tok_en-123');
    expect((await stat(mail?.file ?? '')).mode & 0o777).toBe(0o600);
    expect(lines.join('')).toContain(link);
    mailer.close();
  });

  it('with NODE_ENV=production logs the outbox file, never the link and its token', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer(
      { smtpUrl: null, mailFrom: 'Coffer <no-reply@localhost>', dataDir, nodeEnv: 'production' },
      logger,
    );
    const link = buildInvitationLink('https://coffer.example', 'prod-token-xyz');
    await mailer.send(
      buildInvitationMail({ to: 'p@example.test', name: 'P', inviter: 'Q', company: 'R', link }),
    );
    const mail = (await readOutbox(dataDir)).find((entry) => entry.to === 'p@example.test');
    expect(mail?.links).toEqual([link]);
    const log = lines.join('');
    expect(log).toContain(path.basename(mail?.file ?? 'missing'));
    expect(log).not.toContain('prod-token-xyz');
    mailer.close();
  });

  it('escapes names in the HTML part', () => {
    const message = buildInvitationMail({
      to: 'a@example.test',
      name: '<script>x</script>',
      inviter: 'Eve & Co',
      company: 'Acme "Ltd"',
      link: buildInvitationLink('http://localhost:8080', 'abc'),
    });
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).toContain('Eve &amp; Co');
    expect(message.text).toContain('http://localhost:8080/register?invitation_token=abc');
    expect(message.subject).toBe('Eve & Co invited you to Acme "Ltd" on Coffer');
  });

  describe('over SMTP', () => {
    let sink: SmtpSink;

    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => {
      await sink.close();
    });

    it('sends through SMTP_URL and logs no link', async () => {
      const { logger, lines } = captureLogger();
      const mailer = createMailer(
        {
          smtpUrl: sink.url,
          mailFrom: 'Coffer <no-reply@coffer.test>',
          dataDir,
          nodeEnv: 'production',
        },
        logger,
      );
      expect(mailer.mode).toBe('smtp');
      const link = buildConfirmationLink('https://coffer.example', 'smtp-token');
      await mailer.send(buildConfirmationMail({ to: 'smtp@example.test', name: 'Sam', link }));
      mailer.close();
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toContain('To: smtp@example.test');
      expect(sink.received[0]).toContain('From: Coffer <no-reply@coffer.test>');
      expect(decodedBody(sink.received[0] ?? '')).toContain(link);
      expect(lines.join('')).not.toContain('smtp-token');
    });

    it('rejects when the relay refuses the message', async () => {
      const { logger } = captureLogger();
      const mailer = createMailer(
        { smtpUrl: sink.url, mailFrom: 'Coffer <no-reply@coffer.test>', dataDir, nodeEnv: 'production' },
        logger,
      );
      sink.refuse(true);
      try {
        const link = buildConfirmationLink('https://coffer.example', 'refused-token');
        await expect(
          mailer.send(buildConfirmationMail({ to: 'full@example.test', name: 'Sam', link })),
        ).rejects.toThrow();
      } finally {
        sink.refuse(false);
        mailer.close();
      }
    });
  });
});
