// The organisation and its audit log.
import type { Id, IsoDate } from './common-model.js';

/** The organisation (`GET api/v1/organisation.json`). */
export interface Organisation {
  id?: Id;
  name: string;
  /** Minutes before auto logout; -1 means never. */
  inactivity_length: number;
  owner_id: Id;
}

/** Body of `PUT api/v1/organisation.json`: one setting at a time. */
export interface OrganisationUpdateRequest {
  organisation: { name?: string; inactivity_length?: number };
}

/** Body of `PATCH api/v1/organisation/transfer`. */
export interface OwnershipTransferRequest {
  owner_id: Id;
}

/** One audit log row; `user_string` names the actor as recorded at the time. */
export interface AuditLogEntry {
  id: Id;
  created_at: IsoDate;
  action: string;
  user_string: string;
}
