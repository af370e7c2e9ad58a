import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { demoteManager, promoteManager } from '../../services/chests/chest-manager-service.js';
import { listChestsFor, showChestFor } from '../../services/chests/chest-query-service.js';
import { listChestPublicKeys } from '../../services/chests/chest-reader-service.js';
import {
  type ChestInput,
  createChest,
  removeChest,
  updateChest,
} from '../../services/chests/chest-service.js';
import {
  ID_FIELD,
  ID_PARAMS,
  listQuerySchema,
  NAME_FIELD,
  NESTED_ATTRIBUTES,
  OPTIONS_QUERY,
  type OptionsQuery,
  readOptions,
  TRUST_ENTRIES_FIELD,
  type TrustEntriesBody,
  trustEntriesOfDelete,
} from '../route-schemas.js';

// `options` (spec section 7: "with options ['users','teams']") names what the answer carries
// besides teams and users, which it always does.
const CHEST_BODY = {
  type: 'object',
  required: ['vault'],
  properties: {
    vault: {
      type: 'object',
      properties: {
        id: ID_FIELD,
        name: NAME_FIELD,
        assignments_attributes: NESTED_ATTRIBUTES,
        // Any JSON value, checked by core's validateRotationDays for its message (chest-service.ts). No
        // type here: Ajv coerces types, and under anyOf a null became 0 (refused) or a 0 became null
        // (a cleared policy), depending on the order.
        rotation_days: {},
      },
    },
    options: OPTIONS_QUERY.properties.options,
    trust_entries: TRUST_ENTRIES_FIELD,
  },
} as const;

type ChestBody = { Body: { vault: ChestInput; options?: string[] } & TrustEntriesBody };

const MANAGER_BODY = {
  type: 'object',
  required: ['user_id'],
  properties: { user_id: ID_FIELD, trust_entries: TRUST_ENTRIES_FIELD },
} as const;

type ManagerBody = { Body: { user_id: string } & TrustEntriesBody };

type IdParams = { Params: { id: string } };

/** Chests (`/api/v1/vaults`): list, show, create, update, delete, managers, readers' public keys. */
export const vaultRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/api/v1/vaults',
    { schema: { querystring: listQuerySchema() } },
    async (request) => listChestsFor(request.ctx, request.caller, request.query),
  );

  app.get<IdParams & { Querystring: OptionsQuery }>(
    '/api/v1/vaults/:id',
    { schema: { params: ID_PARAMS, querystring: OPTIONS_QUERY } },
    async (request) =>
      showChestFor(request.ctx, request.caller, request.params.id, readOptions(request.query)),
  );

  app.post<ChestBody>('/api/v1/vaults', { schema: { body: CHEST_BODY } }, async (request, reply) => {
    const { vault, options, trust_entries } = request.body;
    return reply
      .code(201)
      .send(await createChest(request.ctx, request.caller, vault, options, trust_entries));
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<IdParams & ChestBody>({
      method,
      url: '/api/v1/vaults/:id',
      schema: { params: ID_PARAMS, body: CHEST_BODY },
      handler: async (request) =>
        updateChest(
          request.ctx,
          request.caller,
          request.params.id,
          request.body.vault,
          request.body.options,
          request.body.trust_entries,
        ),
    });
  }

  app.delete<IdParams>('/api/v1/vaults/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    await removeChest(request.ctx, request.caller, request.params.id, trustEntriesOfDelete(request.body));
    return reply.code(204).send();
  });

  app.post<IdParams & ManagerBody>(
    '/api/v1/vaults/:id/promote',
    { schema: { params: ID_PARAMS, body: MANAGER_BODY } },
    async (request) =>
      promoteManager(
        request.ctx,
        request.caller,
        request.params.id,
        request.body.user_id,
        request.body.trust_entries,
      ),
  );

  app.post<IdParams & ManagerBody>(
    '/api/v1/vaults/:id/demote',
    { schema: { params: ID_PARAMS, body: MANAGER_BODY } },
    async (request) =>
      demoteManager(
        request.ctx,
        request.caller,
        request.params.id,
        request.body.user_id,
        request.body.trust_entries,
      ),
  );

  app.get<IdParams & { Querystring: { hidden?: boolean } }>(
    '/api/v1/vaults/:id/public_keys',
    {
      schema: {
        params: ID_PARAMS,
        querystring: { type: 'object', properties: { hidden: { type: 'boolean' } } },
      },
    },
    async (request) =>
      listChestPublicKeys(request.ctx, request.caller, request.params.id, request.query.hidden ?? false),
  );
};
