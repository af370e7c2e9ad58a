// What the encrypted local index keeps of each password secret the user can read: enough to find the
// current site's matches and to show them in the popup, never the password or a note.
import type { SecretUrl } from '@coffer/core';

/** One indexed password secret. `urls` and `username` come from the payload: they exist only inside the sealed index. */
export interface IndexEntry {
  secretId: string;
  /** The payload's revision the entry was read from; a change with this revision or lower is never re-opened. */
  revision: number;
  chestId: string;
  chestName?: string;
  name: string;
  category: 'password';
  /** The main URL first (with its match rule), then the further ones; empty URLs left out. */
  urls: SecretUrl[];
  /**
   * The registrable domains of `urls` (site-key.ts), worked out once when the payload is opened, so
   * that opening the index in a popup does not run the public suffix list over every URL again.
   */
  sites: string[];
  /** Shown by the popup beside the name; absent when the payload has none. */
  username?: string;
}

/** Whose index this is: the blob's additional data binds both, so another user's or server's blob never opens. */
export interface IndexOwner {
  userId: string;
  /** The server's origin, e.g. `https://coffer.example.com` (no path, no trailing slash). */
  server: string;
}

/** A readable secret whose payload did not open (integrity, lost key): kept so it is not retried until it changes. */
export interface SkippedSecret {
  secretId: string;
  revision: number;
}

/** Everything the sealed blob holds. */
export interface IndexSnapshot {
  version: 1;
  userId: string;
  server: string;
  /** The server's cursor after the last sync; null before the first. */
  cursor: string | null;
  entries: IndexEntry[];
  skipped: SkippedSecret[];
}
