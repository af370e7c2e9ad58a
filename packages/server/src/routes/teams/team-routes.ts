import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { listTeamsFor, showTeamFor } from '../../services/teams/team-query-service.js';
import { createTeam, removeTeam, type TeamInput, updateTeam } from '../../services/teams/team-service.js';
import {
  ID_FIELD,
  ID_PARAMS,
  listQuerySchema,
  NAME_FIELD,
  NESTED_ATTRIBUTES,
  TRUST_ENTRIES_FIELD,
  type TrustEntriesBody,
  trustEntriesOfDelete,
} from '../route-schemas.js';

const TEAM_BODY = {
  type: 'object',
  required: ['team'],
  properties: {
    team: {
      type: 'object',
      properties: {
        id: ID_FIELD,
        name: NAME_FIELD,
        memberships_attributes: NESTED_ATTRIBUTES,
        assignments_attributes: NESTED_ATTRIBUTES,
      },
    },
    trust_entries: TRUST_ENTRIES_FIELD,
  },
} as const;

type TeamBody = { Body: { team: TeamInput } & TrustEntriesBody };

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

  app.post<TeamBody>('/api/v1/teams', { schema: { body: TEAM_BODY } }, async (request, reply) => {
    const { team, trust_entries } = request.body;
    return reply.code(201).send(await createTeam(request.ctx, request.caller, team, trust_entries));
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<IdParams & TeamBody>({
      method,
      url: '/api/v1/teams/:id',
      schema: { params: ID_PARAMS, body: TEAM_BODY },
      handler: async (request) =>
        updateTeam(
          request.ctx,
          request.caller,
          request.params.id,
          request.body.team,
          request.body.trust_entries,
        ),
    });
  }

  app.delete<IdParams>('/api/v1/teams/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    await removeTeam(request.ctx, request.caller, request.params.id, trustEntriesOfDelete(request.body));
    return reply.code(204).send();
  });
};
