import type { FastifyPluginAsync } from 'fastify';
import { accountDeps } from '../../services/account-deps.js';
import { createUserByAdministrator, type UserCreationInput } from '../../services/user-creation-service.js';
import { idList, object, text } from './schema-helpers.js';

const userBody = object(
  {
    user: object({
      name: text,
      email: text,
      password: text,
      public_key: text,
      encrypted_private_key: text,
      private_key_iv: text,
      kdf_iterations: text,
      team_ids: idList,
    }),
  },
  ['user'],
);

/** POST /api/v1/users: an administrator adds a user with keys made in their browser (api.md). */
export const userRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { user: UserCreationInput } }>(
    '/api/v1/users',
    { onRequest: app.authenticate, schema: { body: userBody } },
    async (request, reply) => {
      const user = await createUserByAdministrator(
        accountDeps(app, request.log),
        request.auth,
        request.body.user,
      );
      return reply.code(201).send(user);
    },
  );
};
