import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { listTeamsFor, showTeamFor } from '../../services/teams/team-query-service.js';
import { createTeam, removeTeam, type TeamInput, updateTeam } from '../../services/teams/team-service.js';
import { ID_PARAMS, listQuerySchema, NAME_FIELD, NESTED_ATTRIBUTES } from '../route-schemas.js';

const TEAM_BODY = {
  type: 'object',
  required: ['team'],
  properties: {
    team: {
      type: 'object',
      properties: {
        name: NAME_FIELD,
        memberships_attributes: NESTED_ATTRIBUTES,
        assignments_attributes: NESTED_ATTRIBUTES,
      },
    },
  },
} as const;

type IdParams = { Params: { id: string } };

/** Teams (`/api/v1/teams`): list, show, and for administrators create, update, delete. */
export const teamRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/api/v1/teams',
    { schema: { querystring: listQuerySchema() } },
    async (request) => listTeamsFor(request.ctx, request.caller, request.query),
  );

  app.get<IdParams>('/api/v1/teams/:id', { schema: { params: ID_PARAMS } }, async (request) =>
    showTeamFor(request.ctx, request.caller, request.params.id),
  );

  app.post<{ Body: { team: TeamInput } }>(
    '/api/v1/teams',
    { schema: { body: TEAM_BODY } },
    async (request, reply) =>
      reply.code(201).send(await createTeam(request.ctx, request.caller, request.body.team)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<IdParams & { Body: { team: TeamInput } }>({
      method,
      url: '/api/v1/teams/:id',
      schema: { params: ID_PARAMS, body: TEAM_BODY },
      handler: async (request) =>
        updateTeam(request.ctx, request.caller, request.params.id, request.body.team),
    });
  }

  app.delete<IdParams>('/api/v1/teams/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    await removeTeam(request.ctx, request.caller, request.params.id);
    return reply.code(204).send();
  });
};
