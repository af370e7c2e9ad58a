import type { FastifyPluginAsync } from 'fastify';
import { PASSWORD_CHANGE_FLOW } from '../../auth/authenticate.js';
import { bindAttempts } from '../../security/rate-limits.js';
import { resendEmailChange } from '../../services/accounts/email-change-service.js';
import {
  type AccountChangeInput,
  changeAccount,
  confirmOwnPassword,
} from '../../services/accounts/password-service.js';
import { type ProfileChanges, showProfile, updateProfile } from '../../services/accounts/profile-service.js';
import { flag, object, TRUST_ENTRIES_FIELD, type TrustEntriesBody, text } from '../route-schemas.js';

// Only these fields of the profile are the user's to change; anything else sent is dropped.
const profileBody = object(
  {
    user: {
      type: 'object',
      additionalProperties: false,
      properties: { first_time: flag, dark_mode: flag, name: text, tutorial: flag },
    },
  },
  ['user'],
);

const accountChangeBody = object(
  {
    user: object({
      email: text,
      password: text,
      current_password: text,
      public_key: text,
      encrypted_private_key: text,
      private_key_iv: text,
      kdf_iterations: text,
      must_change_password: flag,
    }),
    trust_entries: TRUST_ENTRIES_FIELD,
  },
  ['user'],
);

/** The caller's own account: profile, password and e-mail changes, password check. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/profile', { config: { ...PASSWORD_CHANGE_FLOW } }, async (request) =>
    showProfile(request.ctx, request.caller),
  );

  app.patch<{ Body: { user: ProfileChanges } }>(
    '/api/v1/profile',
    { schema: { body: profileBody }, config: { ...PASSWORD_CHANGE_FLOW } },
    async (request) => updateProfile(request.ctx, request.caller, request.body.user),
  );

  app.patch<{ Body: { user: AccountChangeInput } & TrustEntriesBody }>(
    '/users',
    // The e-mail change on the same route is refused by the service while the flag is set.
    {
      schema: { body: accountChangeBody },
      config: { rateLimitClass: 'passwordCheck', ...PASSWORD_CHANGE_FLOW },
    },
    async (request) => {
      // An e-mail change mails two addresses: counted per account like the other mail-sending calls.
      if (request.body.user.email !== undefined) {
        await app.accountLimiters.emailChange.consume(request, request.caller.user.id);
      }
      const attempts = bindAttempts(app.accountLimiters.passwordCheck, request, request.caller.user.id);
      return changeAccount(
        request.ctx,
        request.caller,
        request.body.user,
        attempts,
        request.body.trust_entries,
      );
    },
  );

  // The pending e-mail change's link again; counted with the change requests it repeats.
  app.post('/users/email_change/resend', { config: { rateLimitClass: 'emailChange' } }, async (request) => {
    await app.accountLimiters.emailChange.consume(request, request.caller.user.id);
    return { mail_sent: await resendEmailChange(request.ctx, request.caller) };
  });

  app.post<{ Body: { password?: string } }>(
    '/api/v1/users/verify_password',
    {
      schema: { body: object({ password: text }) },
      config: { rateLimitClass: 'passwordCheck', ...PASSWORD_CHANGE_FLOW },
    },
    async (request) => {
      const attempts = bindAttempts(app.accountLimiters.passwordCheck, request, request.caller.user.id);
      return {
        valid: await confirmOwnPassword(request.ctx, request.caller, request.body.password, attempts),
      };
    },
  );
};
