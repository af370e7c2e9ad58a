import { LIST_QUERY_PROPERTIES, parseListParams } from '../lists/list-params.js';

// The JSON-schema kit every route file builds its schemas from. Names and other texts are left long
// or unbounded here: core's validators check them in the services, so the answer carries the
// specification's message rather than a schema's.

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

/** A whole number from 0 to 2^53 - 1, the most a JSON number carries exactly (a place in the trust log). */
export const WHOLE_NUMBER = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

/** A seq of the trust log: the column is a 32-bit integer, so a larger one is refused, never a 500 on PostgreSQL. */
export const TRUST_LOG_SEQ = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;

/**
 * `additionalProperties` that refuses: Fastify's Ajv silently drops the properties that
 * `additionalProperties: false` names, whereas a schema nothing matches refuses them ("Field
 * user.email is invalid"), so a client never takes a field that was ignored as accepted.
 */
export const REFUSE_OTHER_FIELDS = { not: {} } as const;

/** A string property. */
export const text = { type: 'string' } as const;
/** A boolean property (form text "true"/"false" is coerced). */
export const flag = { type: 'boolean' } as const;
/** A list of ids. */
export const idList = { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } } as const;

/** An object schema with these properties. */
export function object<P extends Record<string, object>>(properties: P, required: (keyof P & string)[] = []) {
  return { type: 'object', properties, required } as const;
}

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

/** Wrapped keys sent with a save, a move or a reshare: their form is checked by the service. */
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

/** The options of a show call as one set, read exactly as a list reads its own. */
export function readOptions(query: OptionsQuery): ReadonlySet<string> {
  return parseListParams(query).options;
}

/**
 * `trust_entries` of a membership call (issue 30): any JSON here; the service checks it with core's
 * parser (at most 1,000 signed entries), for its plain messages.
 */
export const TRUST_ENTRIES_FIELD = {} as const;

/**
 * The trust_entries of a DELETE's optional JSON body. Not a body schema: Fastify would refuse a
 * DELETE without a body, which every other caller sends.
 */
export function trustEntriesOfDelete(body: unknown): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as { trust_entries?: unknown }).trust_entries
    : undefined;
}

/** A membership call's optional `trust_entries`, as the service takes it. */
export type TrustEntriesBody = { trust_entries?: unknown };
