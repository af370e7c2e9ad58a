import { LIST_QUERY_PROPERTIES } from '../../services/list-params.js';

// JSON-schema pieces the chest, secret, key and team routes share. Names and other texts are left
// long here so that core's validators answer with the specification's messages.

/** `:id` in a path. Anything that is not an id of the caller's organisation is simply not found. */
export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** An id field in a body. */
export const ID_FIELD = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A name field: core's validators check it and answer with the specification's message. */
export const NAME_FIELD = { type: 'string', maxLength: 1000 } as const;

/** A Rails-style nested-attributes list (`assignments_attributes`, `memberships_attributes`). */
export const NESTED_ATTRIBUTES = {
  type: 'array',
  maxItems: 500,
  items: {
    type: 'object',
    properties: {
      id: ID_FIELD,
      _destroy: { type: 'boolean' },
      edit_access: { type: 'boolean' },
      team_id: ID_FIELD,
      vault_id: ID_FIELD,
      user_id: ID_FIELD,
    },
  },
} as const;

/** The generic list parameters (spec section 7) plus a resource's own. */
export function listQuerySchema(extra: Record<string, { type: string; maxLength?: number }> = {}) {
  return { type: 'object', properties: { ...LIST_QUERY_PROPERTIES, ...extra } } as const;
}

/** `options` of a show call (e.g. '*' in the admin area). */
export const OPTIONS_QUERY = {
  type: 'object',
  properties: { options: LIST_QUERY_PROPERTIES.options, 'options[]': LIST_QUERY_PROPERTIES['options[]'] },
} as const;

/** Query of a show call, as it arrives. */
export interface OptionsQuery {
  options?: string[];
  'options[]'?: string[];
}

/** The options of a show call as one set. */
export function readOptions(query: OptionsQuery): Set<string> {
  const all = [...(query.options ?? []), ...(query['options[]'] ?? [])];
  return new Set(all.flatMap((option) => option.split(',').map((part) => part.trim())).filter(Boolean));
}
