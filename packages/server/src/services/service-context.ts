import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BillingProvider } from '../billing/billing-provider.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/mail-message.js';
import type { ServerSecrets } from '../server-secrets.js';
import type { KeyPurger } from './users/key-purger.js';

/**
 * What every service receives first: the database, the settings, mail, the at-rest key, the
 * billing provider (null under BILLING=off), the purge of removed users' keys and the request's logger (it carries the request id).
 * A route passes `request.ctx`; a signed-in service takes the caller second:
 * `(ctx: ServiceContext, caller: CallerAccess, ...input)`. Functions of a `*-service.ts` that other
 * services call and routes never do take `db` (or a transaction) first instead, and their doc
 * comment opens with "Sub-step of …", naming who calls them.
 */
export interface ServiceContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  serverSecrets: ServerSecrets;
  billing: BillingProvider | null;
  /** Deletes removed users' wrapped keys after their removal commits. */
  keyPurger: KeyPurger;
  log: FastifyBaseLogger;
}
