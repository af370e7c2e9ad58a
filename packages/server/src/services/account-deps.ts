import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/mail-message.js';
import type { ServerSecrets } from '../server-secrets.js';

/** What account services need from the app: database, settings, mail, the at-rest key and a logger. */
export interface AccountDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'minKdfIterations'>;
  mailer: Mailer;
  serverSecrets: ServerSecrets;
  log: FastifyBaseLogger;
}

/** The deps of one request (its logger carries the request id). */
export function accountDeps(app: FastifyInstance, log: FastifyBaseLogger): AccountDeps {
  return { db: app.db, config: app.config, mailer: app.mailer, serverSecrets: app.serverSecrets, log };
}
