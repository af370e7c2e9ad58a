import type { FastifyPluginAsync } from 'fastify';
import { resendConfirmationByAdministrator } from '../../services/users/user-confirmation-service.js';
import {
  createUserByAdministrator,
  type UserCreationInput,
} from '../../services/users/user-creation-service.js';
import { listUsersFor, showUserFor, type UserListQuery } from '../../services/users/user-query-service.js';
import {
  type PasswordResetInput,
  removeUserByAdministrator,
  resetUserPassword,
  setUserLocked,
  type UserChangeInput,
  updateUserByAdministrator,
} from '../../services/users/user-service.js';
import {
  ID_FIELD,
  ID_PARAMS,
  idList,
  listQuerySchema,
  NAME_FIELD,
  NESTED_ATTRIBUTES,
  OPTIONS_QUERY,
  object,
  REFUSE_OTHER_FIELDS,
  TRUST_ENTRIES_FIELD,
  type TrustEntriesBody,
  text,
  trustEntriesOfDelete,
} from '../route-schemas.js';

const CREATE_BODY = object(
  {
    user: object({
      id: ID_FIELD,
      name: text,
      email: text,
      password: text,
      public_key: text,
      encrypted_private_key: text,
      private_key_iv: text,
      kdf_iterations: text,
      team_ids: idList,
    }),
    trust_entries: TRUST_ENTRIES_FIELD,
  },
  ['user'],
);

// Any other field (the e-mail, read-only when editing) is refused rather than taken as saved.
const UPDATE_BODY = {
  type: 'object',
  required: ['user'],
  properties: {
    user: {
      type: 'object',
      properties: {
        name: NAME_FIELD,
        administrator: { type: 'boolean' },
        data_administrator: { type: 'boolean' },
        memberships_attributes: NESTED_ATTRIBUTES,
      },
      additionalProperties: REFUSE_OTHER_FIELDS,
    },
    trust_entries: TRUST_ENTRIES_FIELD,
  },
} as const;

const RESET_BODY = object(
  {
    user: object({
      public_key: text,
      encrypted_private_key: text,
      private_key_iv: text,
      password: text,
      password_confirmation: text,
      kdf_iterations: text,
    }),
    trust_entries: TRUST_ENTRIES_FIELD,
  },
  ['user'],
);

const USER_LIST_QUERY = listQuerySchema({ team_id: ID_FIELD });

type IdParams = { Params: { id: string } };

/**
 * Users (`/api/v1/users`, administrators; spec section 7's generic resource plus lock, unlock and
 * reset_password): list, show, add (keys made in the administrator's browser, api.md), update,
 * remove. Lock and unlock are GET in the specification although they change state; they also answer
 * POST (the verb a change should use), and the app has no HEAD twins (docs/security.md), so HEAD
 * never reaches them. A bearer token is never sent by a prefetch or a followed link.
 */
export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: UserListQuery }>(
    '/api/v1/users',
    { schema: { querystring: USER_LIST_QUERY } },
    async (request) => listUsersFor(request.ctx, request.caller, request.query),
  );

  app.get<IdParams>(
    '/api/v1/users/:id',
    { schema: { params: ID_PARAMS, querystring: OPTIONS_QUERY } },
    async (request) => showUserFor(request.ctx, request.caller, request.params.id),
  );

  app.post<{ Body: { user: UserCreationInput } & TrustEntriesBody }>(
    '/api/v1/users',
    { schema: { body: CREATE_BODY } },
    async (request, reply) => {
      const { user: input, trust_entries } = request.body;
      const user = await createUserByAdministrator(request.ctx, request.caller, input, trust_entries);
      return reply.code(201).send(user);
    },
  );

  app.route<IdParams & { Body: { user: UserChangeInput } & TrustEntriesBody }>({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/users/:id',
    schema: { params: ID_PARAMS, body: UPDATE_BODY },
    handler: async (request) =>
      updateUserByAdministrator(
        request.ctx,
        request.caller,
        request.params.id,
        request.body.user,
        request.body.trust_entries,
      ),
  });

  app.delete<IdParams>('/api/v1/users/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const entries = trustEntriesOfDelete(request.body);
    await removeUserByAdministrator(request.ctx, request.caller, request.params.id, entries);
    return reply.code(204).send();
  });

  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.route<IdParams>({
      method: ['GET', 'POST'],
      url: `/api/v1/users/:id/${action}`,
      schema: { params: ID_PARAMS },
      handler: async (request) => setUserLocked(request.ctx, request.caller, request.params.id, locked),
    });
  }

  // A Pending user's confirmation mail again; the answer's mail_sent says whether it left.
  app.post<IdParams>(
    '/api/v1/users/:id/confirmation',
    { schema: { params: ID_PARAMS }, config: { rateLimitClass: 'userConfirmationResend' } },
    async (request) =>
      resendConfirmationByAdministrator(request.ctx, request.caller, request.params.id, () =>
        app.accountLimiters.userConfirmationResend.consume(request, request.params.id),
      ),
  );

  app.patch<IdParams & { Body: { user: PasswordResetInput } & TrustEntriesBody }>(
    '/api/v1/users/:id/reset_password',
    { schema: { params: ID_PARAMS, body: RESET_BODY } },
    async (request) =>
      resetUserPassword(
        request.ctx,
        request.caller,
        request.params.id,
        request.body.user,
        request.body.trust_entries,
      ),
  );
};
