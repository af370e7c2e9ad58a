import {
  SECRET_CATEGORIES,
  SECRET_CHANGES_MAX_LIMIT,
  SECRET_IDS_MAX_LIMIT,
  SECRET_READ_MAX_IDS,
} from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  listReadableSecretIdsFor,
  listSecretChanges,
  readSecretsFor,
  type SecretChangesQuery,
  type SecretIdsQuery,
  type SecretReadBody,
} from '../../services/secrets/secret-sync-service.js';
import {
  listUnsignedSecretsFor,
  UNSIGNED_PAGE_MAX,
  type UnsignedSecretsQuery,
} from '../../services/secrets/unsigned-secret-service.js';
import { ID_FIELD } from '../route-schemas.js';

const CATEGORY = { type: 'string', enum: SECRET_CATEGORIES } as const;

/**
 * The browser extension's sync (issue 29): what changed since a cursor, the ids of every readable
 * secret (a first sync, or a client whose count disagrees), and the secrets of a page of those ids.
 * Static paths, so they win over `/api/v1/secrets/:id`. Rate-limited as the lists are (the signed-in
 * tree's `member` class).
 */
export const secretSyncRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: SecretChangesQuery }>(
    '/api/v1/secrets/changes',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            since: { type: 'string', minLength: 1, maxLength: 512 },
            limit: { type: 'integer', minimum: 1, maximum: SECRET_CHANGES_MAX_LIMIT },
            category: CATEGORY,
          },
        },
      },
    },
    async (request) => listSecretChanges(request.ctx, request.caller, request.query),
  );

  app.get<{ Querystring: SecretIdsQuery }>(
    '/api/v1/secrets/ids',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            after: ID_FIELD,
            limit: { type: 'integer', minimum: 1, maximum: SECRET_IDS_MAX_LIMIT },
            category: CATEGORY,
          },
        },
      },
    },
    async (request) => listReadableSecretIdsFor(request.ctx, request.caller, request.query),
  );

  // A POST because a page of ids (up to 500) does not fit a URL; it changes nothing.
  app.post<{ Body: SecretReadBody }>(
    '/api/v1/secrets/read',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: SECRET_READ_MAX_IDS, items: ID_FIELD },
            category: CATEGORY,
          },
        },
      },
    },
    async (request) => readSecretsFor(request.ctx, request.caller, request.body),
  );

  // The secrets an administrator's browser signs (issue 30): ids of live ones without a header.
  app.get<{ Querystring: UnsignedSecretsQuery }>(
    '/api/v1/secrets/unsigned',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            after: ID_FIELD,
            limit: { type: 'integer', minimum: 1, maximum: UNSIGNED_PAGE_MAX },
          },
        },
      },
    },
    async (request) => listUnsignedSecretsFor(request.ctx, request.caller, request.query),
  );
};
