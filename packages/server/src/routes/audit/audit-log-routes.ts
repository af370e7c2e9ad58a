import type { FastifyPluginAsync } from 'fastify';
import { listAuditLogFor } from '../../services/audit-log-query-service.js';
import type { ListQuery } from '../../services/list-params.js';
import { listQuerySchema } from '../route-schemas.js';

/** The audit log (`/api/v1/audit_log_entries`, administrators): the settings' Audit Log and a user's activity. */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/api/v1/audit_log_entries',
    { schema: { querystring: listQuerySchema() } },
    async (request) => listAuditLogFor(request.ctx, request.caller, request.query),
  );
};
