// The organisation (its audit log is in audit-model.ts).
import type { Id } from './common-model.js';

/**
 * The organisation (`GET api/v1/organisation.json`, and the answer of its `PUT` and of a transfer).
 * Every signed-in user of the organisation may read it: `inactivity_length` drives their auto logout.
 */
export interface Organisation {
  id: Id;
  name: string;
  /** Minutes before auto logout; -1 means never. One of the Auto Logout options (spec section 9). */
  inactivity_length: number;
  owner_id: Id;
}

/**
 * Body of `PUT api/v1/organisation.json`: `inactivity_length` (administrators; one of the Auto Logout
 * options) or `name` (the owner only; not empty). Any other field is refused.
 */
export interface OrganisationUpdateRequest {
  organisation: { name?: string; inactivity_length?: number };
}

/**
 * Body of `PATCH api/v1/organisation/transfer` (the owner only, to another administrator). The session
 * must have proved the password within five minutes (`POST api/v1/users/verify_password.json`), which
 * is how the Transfer modal checks the password it asks for; the password is not sent here.
 */
export interface OwnershipTransferRequest {
  owner_id: Id;
}
