import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import './app-types.js';
import { registerAuthentication } from './auth/authenticate.js';
import { configurePasswordHashing } from './auth/password-hash.js';
import { createBillingProvider } from './billing/create-billing-provider.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/create-database.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandler } from './http/error-handler.js';
import { buildFrameworkErrorHandler } from './http/framework-errors.js';
import { registerHeadRoutes } from './http/head-routes.js';
import { registerInputGuard } from './http/input-guard.js';
import { stripJsonSuffix } from './http/json-suffix.js';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.js';
import { buildLoggerOptions, type LogStream } from './http/logger-options.js';
import { registerRateLimit } from './http/rate-limit.js';
import { connectRedis } from './http/redis-client.js';
import { registerRequestLog } from './http/request-log.js';
import { registerRouteCatalogue } from './http/route-catalogue.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import type { Mailer } from './mail/mail-message.js';
import { createMailer } from './mail/mailer.js';
import { registerRoutes } from './routes/index.js';
import { createAttemptStore } from './security/attempt-store.js';
import type { ServerSecrets } from './server-secrets.js';
import type { ServiceContext } from './services/service-context.js';
import { startKeyPurger } from './services/users/key-purger.js';

/** What the app is built from; tests pass their own (fresh database, captured logs). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  serverSecrets: ServerSecrets;
  /** Where log lines go; stdout when absent. */
  logStream?: LogStream;
  /** Sends e-mail; built from SMTP_URL (or the DATA_DIR outbox) when absent. */
  mailer?: Mailer;
}

/** Largest request body accepted, unless a route sets its own `bodyLimit`. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the Fastify app: infrastructure first (decorations, errors, headers, rate limits, body
 * parsers, authentication, web app), then the route plugins. It is not yet `ready()`, so tests may
 * still add routes; `listen()` or the first `inject()` makes it ready.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: buildLoggerOptions(config, deps.logStream),
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    rewriteUrl: (request) => stripJsonSuffix(request.url ?? '/'),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // HEAD answers as GET without a body, from the GET route itself (http/head-routes.ts, which
    // keeps HEAD away from the GETs that change state). The web app's static files answer HEAD themselves.
    exposeHeadRoutes: true,
    // Undecodable URLs and over-long path parameters: the app's error shape and headers.
    frameworkErrors: buildFrameworkErrorHandler(config),
    // Each route's schemas are compiled by Fastify's own compilers on first use, not at start (13 MB idle).
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('serverSecrets', deps.serverSecrets);
  // One Redis client (REDIS_URL) for the per-address limits and the attempt store; none: memory and the database.
  const redis = await connectRedis(app, config.redisUrl);
  app.decorate('attemptStore', createAttemptStore(database.db, redis, app.log));
  // The Argon2id gate belongs to the process (auth/password-hash.ts); PASSWORD_HASH_CONCURRENCY sizes it.
  if (config.passwordHashConcurrency !== null) {
    configurePasswordHashing({ concurrency: config.passwordHashConcurrency });
  }
  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const billing = await createBillingProvider({ config, db: database.db, log: app.log });
  // Removed users' keys (docs/security-centre.md): after each removal, and now for any left over.
  const keyPurger = startKeyPurger(database.db, app.log);
  app.decorate('keyPurger', keyPurger);
  app.addHook('onClose', async () => keyPurger.stop());
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): ServiceContext {
      const { serverSecrets } = deps;
      return { db: database.db, config, mailer, serverSecrets, billing, keyPurger, log: this.log };
    },
  });

  // Before any route: the guard bounds every route's numbers, then the catalogue records the route.
  registerInputGuard(app);
  registerRouteCatalogue(app);
  registerHeadRoutes(app);
  registerErrorHandler(app);
  registerRequestLog(app);
  await registerSecurityHeaders(app, config);
  await registerRateLimit(app, redis);
  await registerBodyParsers(app);
  registerAuthentication(app);
  registerCompression(app); // before the web app's static files, which it compresses too
  await registerWebApp(app, config);

  await registerRoutes(app);
  return app;
}
