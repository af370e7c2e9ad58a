// Shapes every API type shares: opaque ids, ISO dates, lists and error answers.

/** An opaque identifier; clients never parse or compare ids beyond equality. */
export type Id = string;

/** A date-time as an ISO 8601 string (e.g. `2024-05-01T10:00:00.000Z`). */
export type IsoDate = string;

/** Every list endpoint answers with one page of items and the total number of matches. */
export interface ListResponse<T> {
  items: T[];
  total: number;
  /** Opaque position after the last item, for `cursor=`; null on the last page (lists that page by key). */
  next_cursor?: string | null;
}

/** Query parameters shared by the generic list endpoints (spec section 7). */
export interface ListQuery {
  limit?: number;
  offset?: number;
  everything?: boolean;
  filter?: string;
  order?: string;
  deleted?: boolean;
  options?: string[];
  vault_id?: Id;
  /** A list's `next_cursor`: the page after it, as fast as the first (offset is then ignored). */
  cursor?: string;
}

/** The error shapes the request helper reads from a 400 or 401 (api.md). */
export interface ErrorResponse {
  error?: string;
  errors?: string[];
}

/** Rails-style nested-attribute destroy marker used by assignment and membership edits. */
export interface DestroyMarker {
  _destroy?: boolean;
}

/** A `{id, name}` pair, used wherever an entity lists related teams, chests or users. */
export interface NamedRef {
  id: Id;
  name: string;
}
