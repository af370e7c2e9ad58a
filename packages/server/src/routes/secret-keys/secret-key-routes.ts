import { KEYSHARE_FETCH_LIMIT } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  deliverKeys,
  listMissingKeysFor,
  purgeKeys,
  reportBrokenKey,
  type ShareInput,
} from '../../services/secret-keys/key-share-service.js';
import { ID_FIELD, WRAPPED_KEYS } from '../route-schemas.js';

const LIMIT_QUERY = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
} as const;

const SCOPE_BODY = {
  type: 'object',
  required: ['id'],
  properties: { id: ID_FIELD, limit: LIMIT_QUERY.properties.limit },
} as const;

const SHARE_ITEMS = {
  ...WRAPPED_KEYS,
  items: {
    ...WRAPPED_KEYS.items,
    required: ['user_id', 'secret_id', 'encrypted_value'],
    properties: { ...WRAPPED_KEYS.items.properties, secret_id: ID_FIELD },
  },
} as const;

const RESHARE_BODY = {
  type: 'object',
  required: ['key_reshare_handler'],
  properties: {
    key_reshare_handler: {
      type: 'object',
      required: ['secret_keys_attributes'],
      properties: { secret_keys_attributes: SHARE_ITEMS },
    },
  },
} as const;

type LimitQuery = { Querystring: { limit?: number } };
type ScopeBody = { Body: { id: string; limit?: number } };

/**
 * Missing-key reshare (`/api/v1/secret_keys`), administrators only: list missing pairs, deliver
 * rewrapped keys, purge. Any reader may report their own key of a secret as broken.
 */
export const secretKeyRoutes: FastifyPluginAsync = async (app) => {
  app.get<LimitQuery>(
    '/api/v1/secret_keys/reshare_all',
    { schema: { querystring: LIMIT_QUERY } },
    async (request) =>
      listMissingKeysFor(request.ctx, request.caller, {}, request.query.limit ?? KEYSHARE_FETCH_LIMIT),
  );

  app.post<LimitQuery & ScopeBody>(
    '/api/v1/secret_keys/reshare_team',
    { schema: { querystring: LIMIT_QUERY, body: SCOPE_BODY } },
    async (request) => {
      const limit = request.body.limit ?? request.query.limit ?? KEYSHARE_FETCH_LIMIT;
      return listMissingKeysFor(request.ctx, request.caller, { teamId: request.body.id }, limit);
    },
  );

  app.post<LimitQuery & ScopeBody>(
    '/api/v1/secret_keys/reshare_user',
    { schema: { querystring: LIMIT_QUERY, body: SCOPE_BODY } },
    async (request) => {
      const limit = request.body.limit ?? request.query.limit ?? KEYSHARE_FETCH_LIMIT;
      return listMissingKeysFor(request.ctx, request.caller, { userId: request.body.id }, limit);
    },
  );

  app.post<{ Body: { key_reshare_handler: { secret_keys_attributes: ShareInput[] } } }>(
    '/api/v1/secret_keys/reshare',
    { schema: { body: RESHARE_BODY } },
    async (request) => {
      const shares = request.body.key_reshare_handler.secret_keys_attributes;
      return { count: await deliverKeys(request.ctx, request.caller, shares) };
    },
  );

  app.post('/api/v1/secret_keys/purge_keys', async (request) => ({
    count: await purgeKeys(request.ctx, request.caller),
  }));

  app.post<{ Params: { secret_id: string } }>(
    '/api/v1/secret_keys/:secret_id/broken',
    {
      schema: {
        params: { type: 'object', required: ['secret_id'], properties: { secret_id: ID_FIELD } },
      },
    },
    async (request, reply) => {
      await reportBrokenKey(request.ctx, request.caller, request.params.secret_id);
      return reply.code(204).send();
    },
  );
};
