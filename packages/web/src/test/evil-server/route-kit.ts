import type { Secret } from '@coffer/core';
import type { HarnessUser, HonestModel, StoredSecret } from './honest-model.js';
import type { Outgoing } from './invariants.js';

/** A request as the harness's routes and tampers see it. */
export interface EvilRequest {
  /** The route it matched, as written in the table: `'GET /api/v1/secrets/:id.json'`. */
  route: string;
  /** Path with query, as sent. */
  path: string;
  /** Decoded `:name` parts of the route. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, parsed (undefined when none). */
  body: unknown;
  /** The signed-in user the server answers as (null before evil.signIn). */
  caller: HarnessUser | null;
}

/** An answer: status and JSON body (`T` lets a tamper read the honest body's fields). */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body?: T;
  headers?: Record<string, string>;
}

/** What an honest route reads and changes. */
export interface RouteContext {
  model: HonestModel;
  /** Notes key material the app sent, for the invariants (whatever the server then answers). */
  record(outgoing: Outgoing): void;
}

/** An honest route: the answer the real server would give to this request. */
export type HonestRoute = (
  request: EvilRequest,
  context: RouteContext,
) => Answer<unknown> | Promise<Answer<unknown>>;

/** The server's error shapes (packages/server/src/http/error-body.ts). */
export const refuse = {
  badRequest: (message: string): Answer<unknown> => ({ status: 400, body: { errors: [message] } }),
  unauthorized: (): Answer<unknown> => ({
    status: 401,
    body: {
      errors: ['You need to sign in or sign up before continuing.'],
      error: 'You need to sign in or sign up before continuing.',
    },
  }),
  forbidden: (): Answer<unknown> => ({ status: 403, body: { error: 'You are not allowed to do this.' } }),
  notFound: (): Answer<unknown> => ({ status: 404, body: { error: 'Not found' } }),
  conflict: (message: string): Answer<unknown> => ({ status: 409, body: { error: message } }),
};

/** The JSON object under `field` of a request body (an empty object when absent). */
export function bodyField<T>(request: EvilRequest, field: string): Partial<T> {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return {};
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'object' && value !== null ? (value as Partial<T>) : {};
}

/** A stored secret as `GET /api/v1/secrets/{id}.json` answers it to `userId`: the caller's own key only. */
export function presentSecret(model: HonestModel, secret: StoredSecret, userId: string | undefined): Secret {
  const chest = model.chests.get(secret.vault_id);
  const wrapped = userId === undefined ? undefined : secret.keys.get(userId);
  return {
    id: secret.id,
    name: secret.name,
    category: secret.category,
    strength: secret.strength,
    form_fill: secret.form_fill,
    hidden: secret.hidden,
    vault_id: secret.vault_id,
    vault_name: chest?.name ?? '',
    vault: {
      id: secret.vault_id,
      name: chest?.name ?? '',
      manager: model.managers.some((row) => row.user_id === userId && row.vault_id === secret.vault_id),
      assignments: [],
    },
    marked_for_deletion: secret.deleted_at !== null,
    deleted_at: secret.deleted_at,
    created_at: secret.created_at,
    updated_at: secret.updated_at,
    revision: secret.revision,
    encrypted_data: secret.encrypted_data,
    encryption_iv: secret.encryption_iv,
    secret_key: wrapped === undefined ? null : { encrypted_value: wrapped },
    signed_header: secret.signed_header ?? null,
  };
}
