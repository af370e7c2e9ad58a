// Missing-key reshare: an administrator's browser rewraps secret keys for newcomers.
import type { SignedSecretHeader } from '../secret-header/secret-header.js';
import type { Id } from './common-model.js';

/**
 * A missing pair: `encrypted_value` is the caller's own wrapped key, `public_key` the newcomer's;
 * `vault_id` and `hidden` are the secret's, so that a browser checks the newcomer is one of the
 * log's readers of that chest (trust-log's `readers(state, vault_id, hidden)`) before wrapping.
 */
export interface KeyShare {
  secret_id: Id;
  user_id: Id;
  public_key: string;
  encrypted_value: string;
  vault_id: Id;
  hidden: boolean;
  /** The secret's signed header (suite 2), null for a suite-1 secret: the reshare checks the place by it. */
  signed_header?: SignedSecretHeader | null;
}

/** Answer of `reshare_all`, `reshare_team` and `reshare_user`. */
export interface ReshareAllResponse {
  keyshare: KeyShare[];
  total: number;
}

/** One rewrapped key delivered to the server. */
export interface ReshareKeyAttributes {
  user_id: Id;
  secret_id: Id;
  version: number;
  encrypted_value: string;
}

/** Body of `POST api/v1/secret_keys/reshare.json`. */
export interface ReshareRequest {
  key_reshare_handler: { secret_keys_attributes: ReshareKeyAttributes[] };
}

/** Body of `reshare_team` and `reshare_user`: the team or user id. */
export interface ReshareScopeRequest {
  id: Id;
}

/** Answer of `reshare.json` and `purge_keys.json`. */
export interface CountResponse {
  count: number;
}
