import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { listAuditLogFor } from '../../services/audit/audit-log-query-service.js';
import { listQuerySchema } from '../route-schemas.js';

/** The audit log (`/api/v1/audit_log_entries`, administrators): the settings' Audit Log and a user's activity. */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/api/v1/audit_log_entries',
    { schema: { querystring: listQuerySchema() } },
    async (request) => listAuditLogFor(request.ctx, request.caller, request.query),
  );
};
