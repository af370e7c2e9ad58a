import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { useDefaultRateLimitClass } from '../http/rate-limit-classes.js';
import { confirmationRoutes } from './accounts/confirmation-routes.js';
import { invitationDetailsRoutes, invitationRoutes } from './accounts/invitation-routes.js';
import { profileRoutes } from './accounts/profile-routes.js';
import { registrationRoutes } from './accounts/registration-routes.js';
import { sessionRoutes, signOutRoutes } from './accounts/session-routes.js';
import { twoFactorRoutes } from './accounts/two-factor-routes.js';
import { attachmentRoutes } from './attachments/attachment-routes.js';
import { auditLogRoutes } from './audit/audit-log-routes.js';
import { billingRoutes } from './billing/billing-routes.js';
import { extensionRoutes } from './extension/extension-routes.js';
import { healthRoutes } from './health.js';
import { importBatchRoutes } from './imports/import-batch-routes.js';
import { organisationRoutes } from './organisation/organisation-routes.js';
import { clientConfigRoutes, healthDismissalRoutes } from './password-health/password-health-routes.js';
import { rotationRoutes } from './rotations/rotation-routes.js';
import { secretKeyRoutes } from './secret-keys/secret-key-routes.js';
import { secretRoutes } from './secrets/secret-routes.js';
import { secretSyncRoutes } from './secrets/secret-sync-routes.js';
import { statisticsRoutes } from './statistics/statistics-routes.js';
import { teamRoutes } from './teams/team-routes.js';
import { trustCheckpointRoutes } from './trust-log/trust-checkpoint-routes.js';
import { trustLogRoutes } from './trust-log/trust-log-routes.js';
import { keyEndorsementRoutes } from './users/key-endorsement-routes.js';
import { userRoutes } from './users/user-routes.js';
import { vaultRoutes } from './vaults/vault-routes.js';

/**
 * The public tree: what a visitor without a session may call. Nothing here reads request.caller.
 */
const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(extensionRoutes); // the browser extension's zips and what the download page shows
  await app.register(registrationRoutes);
  await app.register(confirmationRoutes);
  await app.register(sessionRoutes); // prelogin, two-factor check, sign-in
  await app.register(invitationDetailsRoutes);
  await app.register(clientConfigRoutes); // settings the web app reads (the breach range API, issue 31)
  // Stripe calls its webhook, proven by signature; the SDK is loaded only when Stripe is the provider.
  if (app.config.billing === 'stripe') {
    await app.register((await import('./billing/stripe-webhook-routes.js')).stripeWebhookRoutes);
  }
};

/**
 * The signed-in tree: ONE onRequest hook authenticates every route below it and sets
 * `request.caller` (user, organisation, session, memberships, assignments, managed chests), loaded
 * once per request. Route files never mention authentication; a route a user who must still
 * change a generated password may call says so with `config: { ...PASSWORD_CHANGE_FLOW }`.
 * Every route here is rate-limited per user by the `member` class unless it names another
 * (`config: { rateLimitClass: 'passwordCheck' }`, http/rate-limit-classes.ts).
 */
const signedInRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  useDefaultRateLimitClass(app, 'member');
  await app.register(signOutRoutes);
  await app.register(profileRoutes);
  await app.register(twoFactorRoutes);
  await app.register(invitationRoutes);
  await app.register(userRoutes); // the admin area's users: list, add, change, lock, reset, remove
  await app.register(keyEndorsementRoutes); // a colleague's key rotation endorsement, for every member
  await app.register(organisationRoutes); // settings, transfer, deletion
  await app.register(vaultRoutes); // chests
  await app.register(secretRoutes);
  await app.register(secretSyncRoutes);
  await app.register(secretKeyRoutes);
  await app.register(attachmentRoutes); // files beside secrets: upload in chunks, download, remove
  await app.register(importBatchRoutes); // import batches: start, history, undo (issue 28)
  await app.register(teamRoutes);
  await app.register(auditLogRoutes);
  await app.register(rotationRoutes); // the rotation list after access is lost (issue 31)
  await app.register(trustLogRoutes); // the organisation trust log: every member reads, actors append (issue 30)
  await app.register(trustCheckpointRoutes); // the caller's own sealed checkpoint of the trust log (issue 30)
  await app.register(billingRoutes); // plans, subscription, card, invoices (404 under BILLING=off)
  await app.register(statisticsRoutes); // the data dashboard: data administrators only
  await app.register(healthDismissalRoutes); // the caller's own sealed health dismissals (issue 31)
};

/**
 * Every route plugin of the app, registered after the infrastructure (see docs/server.md), in two
 * trees: public and signed-in. A new route file goes into one of them, nearly always the second.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicRoutes);
  await app.register(signedInRoutes);
}
