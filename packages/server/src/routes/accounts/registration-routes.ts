import type { FastifyPluginAsync } from 'fastify';
import { ipRateLimit } from '../../security/rate-limits.js';
import type { RegistrationInput } from '../../services/registration-input.js';
import { register } from '../../services/registration-service.js';
import { object, text } from '../route-schemas.js';
import type { AccountRouteOptions } from './account-limiters.js';

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
export const registrationRoutes: FastifyPluginAsync<AccountRouteOptions> = async (app, { limiters }) => {
  app.post<{ Body: { user: RegistrationInput } }>(
    '/users',
    {
      schema: { body: registrationBody },
      config: { rateLimit: ipRateLimit(app.config.rateLimits.registration.perIp) },
    },
    async (request, reply) => {
      const input = request.body.user;
      await limiters.registration.consume(request, input.email ?? '');
      const user = await register(request.ctx, input);
      return reply
        .code(201)
        .send({ id: user.id, name: user.name, email: user.email, confirmed_at: user.confirmed_at });
    },
  );
};
