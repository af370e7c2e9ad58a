import type { SecretUrl } from '@coffer/core';
import type { IndexEntry } from '../sync/index.js';

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

/** An index entry as the popup lists it. */
export function toVaultEntry(entry: IndexEntry): VaultEntry {
  return {
    secretId: entry.secretId,
    revision: entry.revision,
    chestId: entry.chestId,
    chestName: entry.chestName ?? '',
    name: entry.name,
    urls: entry.urls,
    ...(entry.username === undefined ? {} : { username: entry.username }),
  };
}

/** What a search looks at: the name, the chest's name and the addresses. */
interface Searchable {
  name: string;
  chestName?: string | undefined;
  urls: readonly SecretUrl[];
}

/** Whether an entry's name, chest or address contains the query (case-insensitive); every entry for an empty one. */
export function queryFilter(query: string): (entry: Searchable) => boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return () => true;
  return (entry) =>
    entry.name.toLowerCase().includes(needle) ||
    (entry.chestName ?? '').toLowerCase().includes(needle) ||
    entry.urls.some((url) => url.url.toLowerCase().includes(needle));
}
