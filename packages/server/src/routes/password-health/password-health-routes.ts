import type { HealthDismissalsUpdate } from '@coffer/core';
import { HEALTH_DISMISSALS_MAX_CHARS } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  readClientConfig,
  readHealthDismissals,
  replaceHealthDismissals,
} from '../../services/password-health/health-dismissal-service.js';

// The schema only refuses what is far off; the service answers the limit with its own sentence.
const DISMISSALS_BODY = {
  type: 'object',
  required: ['sealed'],
  properties: { sealed: { type: 'string', maxLength: HEALTH_DISMISSALS_MAX_CHARS * 2 } },
} as const;

/**
 * The public settings the web app reads before a password health check (issue 31): where the breach
 * range API is (HIBP_RANGE_URL), or null when it is off. Nothing here is a secret.
 */
export const clientConfigRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/client_config', async (request) => readClientConfig(request.ctx));
};

/** The caller's own sealed dismissals of health findings (docs/security-centre.md): read, replace. */
export const healthDismissalRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/health_dismissals', async (request) => readHealthDismissals(request.ctx, request.caller));

  app.put<{ Body: HealthDismissalsUpdate }>(
    '/api/v1/health_dismissals',
    { schema: { body: DISMISSALS_BODY } },
    async (request) => replaceHealthDismissals(request.ctx, request.caller, request.body.sealed),
  );
};
