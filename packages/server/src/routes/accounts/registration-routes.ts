import type { FastifyPluginAsync } from 'fastify';
import type { RegistrationInput } from '../../services/accounts/registration-input.js';
import { register } from '../../services/accounts/registration-service.js';
import { object, text } from '../route-schemas.js';

const registrationBody = object(
  {
    user: object({
      email: text,
      name: text,
      password: text,
      public_key: text,
      encrypted_private_key: text,
      private_key_iv: text,
      kdf_iterations: text,
      owned_organisation_attributes: object({ name: text }),
      termsOfService: text,
      marketingOptIn: text,
      invitation_token: text,
    }),
  },
  ['user'],
);

/** POST /users: registration of an organisation, or acceptance of an invitation (form-encoded or JSON). */
export const registrationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { user: RegistrationInput } }>(
    '/users',
    {
      schema: { body: registrationBody },
      config: { rateLimitClass: 'registration' },
    },
    async (request, reply) => {
      const input = request.body.user;
      await app.accountLimiters.registration.consume(request, input.email ?? '');
      const { id, name, email, confirmed_at, mail_sent } = await register(request.ctx, input);
      return reply.code(201).send({ id, name, email, confirmed_at, mail_sent });
    },
  );
};
