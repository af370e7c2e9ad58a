import { SECRET_CATEGORIES } from '@coffer/core';
import { ID_FIELD, NAME_FIELD } from '../vaults/route-schemas.js';

/** Wrapped keys sent with a save or a move: their form is checked by the service. */
export const WRAPPED_KEYS = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    required: ['user_id', 'encrypted_value'],
    properties: {
      user_id: ID_FIELD,
      encrypted_value: { type: 'string', maxLength: 4096 },
      version: { type: 'integer' },
    },
  },
} as const;

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
      },
    },
  },
} as const;
