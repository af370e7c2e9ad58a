import type { SecretUrl } from '@coffer/core';

/**
 * What the popup lists of a login: never a password, only what finding it needs. An entry of the
 * encrypted local index (src/sync/ `IndexEntry`, vault/local-index.ts), with the chest's name.
 */
export interface VaultEntry {
  secretId: string;
  revision: number;
  chestId: string;
  chestName: string;
  name: string;
  urls: SecretUrl[];
  /** The login's username, from the index (not shown in the list; the save offer compares it). */
  username?: string;
}

/** Entries whose name, chest or address contains the query (case-insensitive); all of them for an empty one. */
export function searchEntries(entries: readonly VaultEntry[], query: string): VaultEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...entries];
  return entries.filter(
    (entry) =>
      entry.name.toLowerCase().includes(needle) ||
      entry.chestName.toLowerCase().includes(needle) ||
      entry.urls.some((url) => url.url.toLowerCase().includes(needle)),
  );
}
