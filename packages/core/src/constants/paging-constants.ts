// Page sizes of lists (spec sections 2, 7 and 9).

/** Rows per page of every scroll-paged list. */
export const PAGE_SIZE = 20;
/** Rows per page of the user activity log. */
export const ACTIVITY_LOG_PAGE_SIZE = 10;
/** Entries fetched by the settings audit log. */
export const AUDIT_LOG_FETCH_LIMIT = 200;
/** Default number of missing-key pairs answered per reshare call (api.md). */
export const KEYSHARE_FETCH_LIMIT = 500;

/** Most changes a page of `GET /api/v1/secrets/changes.json` answers, and its default (issue 29). */
export const SECRET_CHANGES_MAX_LIMIT = 500;

/** Most ids a page of `GET /api/v1/secrets/ids.json` answers, and its default. */
export const SECRET_IDS_MAX_LIMIT = 5000;

/** Most ids one `POST /api/v1/secrets/read.json` takes (a first sync's page of payloads, about 0.8 MB). */
export const SECRET_READ_MAX_IDS = 500;

/** Most secrets one bulk create (`POST /api/v1/secrets/bulk.json`) carries: an import sends its items this many at a time. */
export const BULK_CREATE_MAX_ITEMS = 50;

/** The 400 of a `since` the server did not give this user, or cannot read. */
export const SECRET_CHANGES_CURSOR_MESSAGE =
  'The sync cursor is not valid. Sync again from the beginning (without since).';

/** Most entries a page of `GET /api/v1/trust_log` answers (about 1 MB of entries); the client asks again after the last. */
export const TRUST_LOG_PAGE_MAX = 1000;
