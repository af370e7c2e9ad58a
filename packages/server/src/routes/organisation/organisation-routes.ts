import type { FastifyPluginAsync } from 'fastify';
import {
  changeOrganisationSettings,
  deleteOrganisation,
  showOrganisation,
  transferOwnership,
} from '../../services/organisation/organisation-service.js';
import { REFUSE_OTHER_FIELDS, TRUST_ENTRIES_FIELD, type TrustEntriesBody } from '../route-schemas.js';

// Taken from the service's signature: routes never import a repository, even for a type.
type OrganisationSettings = Parameters<typeof changeOrganisationSettings>[2];

// REFUSE_OTHER_FIELDS: an owner_id in PUT or a password in the transfer is refused, not ignored.

const SETTINGS_BODY = {
  type: 'object',
  required: ['organisation'],
  properties: {
    organisation: {
      type: 'object',
      minProperties: 1,
      properties: {
        name: { type: 'string', maxLength: 1000 },
        inactivity_length: { type: 'integer' },
      },
      additionalProperties: REFUSE_OTHER_FIELDS,
    },
  },
  additionalProperties: REFUSE_OTHER_FIELDS,
} as const;

// The owner's choice only: the Transfer modal proves the password through verify_password first.
const TRANSFER_BODY = {
  type: 'object',
  properties: { owner_id: { type: 'string', maxLength: 100 }, trust_entries: TRUST_ENTRIES_FIELD },
  additionalProperties: REFUSE_OTHER_FIELDS,
} as const;

/**
 * The caller's organisation (`/api/v1/organisation`, spec section 7 "Organisation and keys"): every
 * user reads it; administrators set the auto logout, the owner renames, transfers and deletes.
 * Transfer and deletion need a session that has just proved the password (auth/step-up.ts).
 */
export const organisationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/organisation', async (request) => showOrganisation(request.ctx, request.caller));

  app.put<{ Body: { organisation: OrganisationSettings } }>(
    '/api/v1/organisation',
    { schema: { body: SETTINGS_BODY } },
    async (request) => changeOrganisationSettings(request.ctx, request.caller, request.body.organisation),
  );

  app.patch<{ Body: ({ owner_id?: string } & TrustEntriesBody) | undefined }>(
    '/api/v1/organisation/transfer',
    { schema: { body: TRANSFER_BODY } },
    async (request) =>
      transferOwnership(request.ctx, request.caller, request.body?.owner_id, request.body?.trust_entries),
  );

  app.delete('/api/v1/organisation', async (request, reply) => {
    await deleteOrganisation(request.ctx, request.caller);
    request.log.info(
      { organisation_id: request.caller.organisation.id, user_id: request.caller.user.id },
      'organisation deleted',
    );
    return reply.code(204).send();
  });
};
