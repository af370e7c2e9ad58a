import { BULK_CREATE_MAX_ITEMS } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { createSecrets } from '../../services/secrets/secret-bulk-create-service.js';
import type { SecretInput } from '../../services/secrets/secret-input.js';
import {
  deleteSecretPermanently,
  markSecretForDeletion,
} from '../../services/secrets/secret-lifecycle-service.js';
import {
  listSecretsFor,
  showSecretFor,
  showSecretMetadataFor,
} from '../../services/secrets/secret-query-service.js';
import { createSecret } from '../../services/secrets/secret-revision-service.js';
import { updateSecret } from '../../services/secrets/secret-update-service.js';
import {
  ID_FIELD,
  ID_PARAMS,
  listQuerySchema,
  OPTIONS_QUERY,
  type OptionsQuery,
  readOptions,
} from '../route-schemas.js';
import { refuseClearUrl, refuseClearUrls } from './clear-url-guard.js';
import { BULK_SECRET_BODY, LIFECYCLE_BODY, SECRET_BODY } from './secret-schemas.js';

type IdParams = { Params: { id: string } };
type SecretBody = { Body: { secret: SecretInput } };

/** Secrets (`/api/v1/secrets`): list, show, create, save or move, mark, restore, delete for good. */
export const secretRoutes: FastifyPluginAsync = async (app) => {
  // user_id is accepted because the spec's "a chest's secrets by chest id and user id" sends it; the
  // list is always the caller's own view, whatever it names.
  app.get<{ Querystring: ListQuery & { vault_id?: string; user_id?: string } }>(
    '/api/v1/secrets',
    { schema: { querystring: listQuerySchema({ vault_id: ID_FIELD, user_id: ID_FIELD }) } },
    async (request) => listSecretsFor(request.ctx, request.caller, request.query),
  );

  app.get<IdParams & { Querystring: OptionsQuery }>(
    '/api/v1/secrets/:id',
    { schema: { params: ID_PARAMS, querystring: OPTIONS_QUERY } },
    async (request) =>
      showSecretFor(request.ctx, request.caller, request.params.id, readOptions(request.query)),
  );

  app.post<SecretBody>(
    '/api/v1/secrets',
    { preValidation: refuseClearUrl, schema: { body: SECRET_BODY } },
    async (request, reply) => {
      const { ctx, caller } = request;
      const id = await createSecret(ctx, caller, request.body.secret);
      return reply.code(201).send(await showSecretFor(ctx, caller, id, new Set()));
    },
  );

  // An import's secrets, many in one transaction (services/secrets/secret-bulk-create-service.ts);
  // the member rate limit as the create. Room for 50 items of a typical size; bigger ones go fewer
  // to a request (the web app packs by size).
  app.post<{ Body: { secrets: SecretInput[] } }>(
    '/api/v1/secrets/bulk',
    {
      bodyLimit: BULK_CREATE_MAX_ITEMS * 160 * 1024,
      preValidation: refuseClearUrls,
      schema: { body: BULK_SECRET_BODY },
    },
    async (request, reply) => {
      const { ctx, caller } = request;
      const ids = await createSecrets(ctx, caller, request.body.secrets);
      const items = [];
      for (const id of ids) items.push(await showSecretFor(ctx, caller, id, new Set()));
      return reply.code(201).send({ items });
    },
  );

  // A save or a move, as the body says (services/secrets/secret-update-service.ts).
  app.put<IdParams & SecretBody>(
    '/api/v1/secrets/:id',
    { preValidation: refuseClearUrl, schema: { params: ID_PARAMS, body: SECRET_BODY } },
    async (request) => updateSecret(request.ctx, request.caller, request.params.id, request.body.secret),
  );

  app.delete<IdParams>('/api/v1/secrets/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    await deleteSecretPermanently(request.ctx, request.caller, request.params.id);
    return reply.code(204).send();
  });

  // Without a body as the spec has it; with `{secret}`, the signed revision that marks or restores
  // (services/secrets/secret-revision-service.ts, saveSecret's `marked`).
  for (const [path, marked] of [
    ['mark_for_deletion', true],
    ['unmark_for_deletion', false],
  ] as const) {
    app.post<IdParams & { Body: { secret?: SecretInput } | undefined }>(
      `/api/v1/secrets/:id/${path}`,
      { preValidation: refuseClearUrl, schema: { params: ID_PARAMS, body: LIFECYCLE_BODY } },
      async (request) => {
        const { ctx, caller } = request;
        await markSecretForDeletion(ctx, caller, request.params.id, marked, request.body?.secret);
        return showSecretMetadataFor(ctx, caller, request.params.id);
      },
    );
  }
};
