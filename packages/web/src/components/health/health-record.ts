// Password health (issue 31): what one check of one secret found, as the browser caches it.

/**
 * One password secret as checked at one version: kept in IndexedDB per user and secret, and used
 * again while the list still shows the same `updatedAt` (a save changes it: revision + 1).
 * Nothing here is a password or an unkeyed hash of one: `tag` is an HMAC under a non-extractable
 * key of this browser, there only to find the same password in two secrets.
 */
export interface HealthRecord {
  id: string;
  /** The list's updated_at when checked: a different one means a new revision to check. */
  updatedAt: string;
  revision: number;
  /**
   * zxcvbn's 0–4; 3 also where the not-weak proof spared zxcvbn (then "3 or more": only weak scores,
   * 0–2, are shown or compared); null for a PIN-like password (≤ 6 digits), never called weak.
   */
  score: number | null;
  /** HMAC-SHA-256 of the password (base64), for reuse across secrets. */
  tag: string;
  /** Times the password appears in the range API's breaches; null when the check was off. */
  breaches: number | null;
  /** The first of the secret's URLs that is plain http:, if any. */
  insecureUrl: string | null;
  /** When the password last changed: its history's newest date, else the revision's date. */
  passwordChangedAt: string;
  /** When this record was made (ISO). */
  checkedAt: string;
}

/** What the page must tell a worker about one opened secret: no more than the checks need. */
export interface HealthSubject {
  id: string;
  updatedAt: string;
  revision: number;
  password: string;
  /** zxcvbn's user inputs: the username and the site (name, URL hosts). */
  userInputs: string[];
  urls: string[];
  passwordChangedAt: string;
}
