// Page sizes of lists (spec sections 2, 7 and 9).

/** Rows per page of every scroll-paged list. */
export const PAGE_SIZE = 20;
/** Rows per page of the user activity log. */
export const ACTIVITY_LOG_PAGE_SIZE = 10;
/** Entries fetched by the settings audit log. */
export const AUDIT_LOG_FETCH_LIMIT = 200;
/** Default number of missing-key pairs answered per reshare call (api.md). */
export const KEYSHARE_FETCH_LIMIT = 500;
