// The security centre's password health (issue 31): what the server keeps and tells about it.

/**
 * `GET api/v1/client_config.json` (public): settings the web app needs before it can act on them.
 * `pwned_range_url` is the Pwned Passwords range API (HIBP_RANGE_URL) the browser may ask with the
 * first 5 hex characters of a password's SHA-1, or null when the breach check is off.
 */
export interface ClientConfig {
  pwned_range_url: string | null;
}

/**
 * `GET` and `PUT api/v1/health_dismissals.json`: the caller's own dismissed health findings, sealed in
 * the browser for the caller alone (the server sees neither which secret nor why). `sealed` is null
 * until the first PUT.
 */
export interface HealthDismissalsBlob {
  sealed: string | null;
  updated_at: string | null;
}

/** Body of `PUT api/v1/health_dismissals.json`. */
export interface HealthDismissalsUpdate {
  sealed: string;
}
