import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { loadCallerAccess } from '../../policy/index.js';
import { type ListQuery, parseListParams } from '../../services/list-params.js';
import type { SecretInput } from '../../services/secret-input.js';
import { deleteSecretPermanently, markSecretForDeletion } from '../../services/secret-lifecycle-service.js';
import { moveSecret } from '../../services/secret-move-service.js';
import { listSecretsFor, showSecretFor, showSecretMetadataFor } from '../../services/secret-query-service.js';
import { createSecret, saveSecret } from '../../services/secret-write-service.js';
import {
  ID_FIELD,
  ID_PARAMS,
  listQuerySchema,
  OPTIONS_QUERY,
  type OptionsQuery,
  readOptions,
} from '../vaults/route-schemas.js';
import { refuseClearUrl } from './clear-url-guard.js';
import { SECRET_BODY } from './secret-schemas.js';

type IdParams = { Params: { id: string } };
type SecretBody = { Body: { secret: SecretInput } };

/** Fields only a save (new encrypted data and revision) may change. */
const SAVE_ONLY_FIELDS = [
  'revision',
  'name',
  'category',
  'encryption_iv',
  'strength',
  'form_fill',
  'hidden',
] as const;
/** A PUT without encrypted data that changes more than the chest. */
export const MOVE_ONLY_MESSAGE = 'To change a secret, send its encrypted data with the next revision.';

/** Secrets (`/api/v1/secrets`): list, show, create, save or move, mark, restore, delete for good. */
export const secretRoutes: FastifyPluginAsync = async (app) => {
  const accessOf = (request: Parameters<typeof loadCallerAccess>[1]) => loadCallerAccess(app.db, request);

  // user_id is accepted because the spec's "a chest's secrets by chest id and user id" sends it; the
  // list is always the caller's own view, whatever it names.
  app.get<{ Querystring: ListQuery & { vault_id?: string; user_id?: string } }>(
    '/api/v1/secrets',
    { schema: { querystring: listQuerySchema({ vault_id: ID_FIELD, user_id: ID_FIELD }) } },
    async (request) =>
      listSecretsFor(
        app.db,
        await accessOf(request.auth),
        parseListParams(request.query),
        request.query.vault_id,
      ),
  );

  app.get<IdParams & { Querystring: OptionsQuery }>(
    '/api/v1/secrets/:id',
    { schema: { params: ID_PARAMS, querystring: OPTIONS_QUERY } },
    async (request) =>
      showSecretFor(app.db, await accessOf(request.auth), request.params.id, readOptions(request.query)),
  );

  app.post<SecretBody>(
    '/api/v1/secrets',
    { preValidation: refuseClearUrl, schema: { body: SECRET_BODY } },
    async (request, reply) => {
      const access = await accessOf(request.auth);
      const id = await createSecret(app.db, access, request.body.secret);
      return reply.code(201).send(await showSecretFor(app.db, access, id, new Set()));
    },
  );

  app.put<IdParams & SecretBody>(
    '/api/v1/secrets/:id',
    { preValidation: refuseClearUrl, schema: { params: ID_PARAMS, body: SECRET_BODY } },
    async (request) => {
      const access = await accessOf(request.auth);
      const { id } = request.params;
      const { secret } = request.body;
      if (secret.encrypted_data !== undefined) {
        await saveSecret(app.db, access, id, secret);
        return showSecretFor(app.db, access, id, new Set());
      }
      // No new payload: a move (spec section 7, "PUT secrets/{id} with secret {vault_id}").
      if (!secret.vault_id) throw AppError.validation('Field secret.vault_id is required');
      if (SAVE_ONLY_FIELDS.some((field) => secret[field] !== undefined))
        throw AppError.validation(MOVE_ONLY_MESSAGE);
      const keys = secret.secret_keys_attributes;
      await moveSecret(app.db, access, id, {
        vault_id: secret.vault_id,
        ...(keys ? { secret_keys_attributes: keys } : {}),
      });
      return showSecretMetadataFor(app.db, access, id);
    },
  );

  app.delete<IdParams>('/api/v1/secrets/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    await deleteSecretPermanently(app.db, await accessOf(request.auth), request.params.id);
    return reply.code(204).send();
  });

  for (const [path, marked] of [
    ['mark_for_deletion', true],
    ['unmark_for_deletion', false],
  ] as const) {
    app.post<IdParams>(`/api/v1/secrets/:id/${path}`, { schema: { params: ID_PARAMS } }, async (request) => {
      const access = await accessOf(request.auth);
      await markSecretForDeletion(app.db, access, request.params.id, marked);
      return showSecretMetadataFor(app.db, access, request.params.id);
    });
  }
};
