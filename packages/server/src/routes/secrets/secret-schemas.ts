import { SECRET_CATEGORIES } from '@coffer/core';
import { NAME_FIELD, WRAPPED_KEYS } from '../route-schemas.js';

/**
 * `secret` of a create, save or move. Unknown fields are dropped; a clear `url` is refused before
 * this runs (see refuseClearUrl). The payload's size is checked by the service, to answer 413.
 */
export const SECRET_BODY = {
  type: 'object',
  required: ['secret'],
  properties: {
    secret: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'string', maxLength: 64 },
        revision: { type: 'integer', minimum: 1 },
        vault_id: { type: 'string', maxLength: 64 },
        name: NAME_FIELD,
        category: { type: 'string', enum: SECRET_CATEGORIES },
        encrypted_data: { type: 'string' },
        encryption_iv: { type: 'string', maxLength: 64 },
        secret_keys_attributes: WRAPPED_KEYS,
        strength: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
        form_fill: { type: 'boolean' },
        hidden: { type: 'boolean' },
        // A create only (a save or move ignores it): the import batch that makes the secret.
        import_batch_id: { type: 'string', minLength: 1, maxLength: 64 },
        // Suite 2's signed header `{header, sig}`, any JSON here: core's parser reads it (a 400 with
        // its plain message), then the service checks it states this revision (signed-header-check.ts).
        signed_header: {},
      },
    },
  },
} as const;

/**
 * `secrets` of a bulk create: each item is a create's `secret`. The count is checked by the service
 * (1 to 50, with its own message); the schema's bound only keeps a huge array from being validated.
 */
export const BULK_SECRET_BODY = {
  type: 'object',
  required: ['secrets'],
  properties: {
    secrets: { type: 'array', maxItems: 1000, items: SECRET_BODY.properties.secret },
  },
} as const;

/** The optional body of a mark for deletion or a restore: the signed revision that makes it. */
export const LIFECYCLE_BODY = {
  type: ['object', 'null'],
  properties: { secret: SECRET_BODY.properties.secret },
} as const;
