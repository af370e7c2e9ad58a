import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/create-database.js';
import type { Database } from './db/schema.js';
import type { AttemptStore } from './security/attempt-store.js';
import type { ServerSecrets } from './server-secrets.js';
import type { ServiceContext } from './services/service-context.js';
import type { KeyPurger } from './services/users/key-purger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration. */
    config: Config;
    /** Kysely over SQLite or PostgreSQL; pass it (or a transaction) to repositories. */
    db: Kysely<Database>;
    /** Which engine `db` is, for the rare dialect-specific query. */
    dialect: Dialect;
    /** The key that seals TOTP seeds at rest (encryptAtRest / decryptAtRest). */
    serverSecrets: ServerSecrets;
    /** Per-account attempt counters and sign-in proofs: Redis with REDIS_URL, else the database. */
    attemptStore: AttemptStore;
    /** Deletes removed users' wrapped keys after their removal commits. */
    keyPurger: KeyPurger;
  }
  interface FastifyRequest {
    /** What a route passes to a service: db, config, mailer, serverSecrets and this request's log. */
    readonly ctx: ServiceContext;
  }
}
