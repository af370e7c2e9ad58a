// The snapshot as the sealed blob holds it: entries as short arrays and each chest's name once,
// which halves the JSON a popup parses on every open (docs/extension-sync.md). Unpacking answers
// the same snapshot that was packed.
import type { SecretUrl, UrlMatchRule } from '@coffer/core';
import type { IndexEntry, IndexSnapshot } from './index-entry.js';

/** A URL: [url] or [url, match rule]. */
type PackedUrl = [string] | [string, UrlMatchRule];

/** An entry: id, revision, chest index (into `chests`), name, URLs, site keys, username ('' when none). */
type PackedEntry = [string, number, number, string, PackedUrl[], string[], string];

/** What the blob's JSON is. */
export interface PackedIndex {
  v: 1;
  user: string;
  server: string;
  cursor: string | null;
  /** [chest id, chest name or null when unknown]. */
  chests: [string, string | null][];
  entries: PackedEntry[];
  /** [secret id, revision] of the secrets whose payload did not open. */
  skipped: [string, number][];
}

export function packIndex(snapshot: IndexSnapshot): PackedIndex {
  const chestAt = new Map<string, number>();
  const chests: [string, string | null][] = [];
  const chestIndex = (entry: IndexEntry): number => {
    let at = chestAt.get(entry.chestId);
    if (at === undefined) {
      at = chests.length;
      chestAt.set(entry.chestId, at);
      chests.push([entry.chestId, entry.chestName ?? null]);
    }
    return at;
  };
  return {
    v: 1,
    user: snapshot.userId,
    server: snapshot.server,
    cursor: snapshot.cursor,
    chests,
    entries: snapshot.entries.map((entry) => [
      entry.secretId,
      entry.revision,
      chestIndex(entry),
      entry.name,
      entry.urls.map(({ url, match }): PackedUrl => (match ? [url, match] : [url])),
      entry.sites,
      entry.username ?? '',
    ]),
    skipped: snapshot.skipped.map(({ secretId, revision }) => [secretId, revision]),
  };
}

/** The snapshot a packed index holds; throws on a shape this version does not know. */
export function unpackIndex(packed: PackedIndex): IndexSnapshot {
  if (packed.v !== 1 || !Array.isArray(packed.entries) || !Array.isArray(packed.chests))
    throw new Error('Unknown index format.');
  const chests = packed.chests;
  return {
    version: 1,
    userId: packed.user,
    server: packed.server,
    cursor: packed.cursor,
    entries: packed.entries.map(([secretId, revision, chestAt, name, urls, sites, username]) => {
      const [chestId, chestName] = chests[chestAt] ?? ['', null];
      return {
        secretId,
        revision,
        chestId,
        ...(chestName === null ? {} : { chestName }),
        name,
        category: 'password' as const,
        urls: urls.map(([url, match]): SecretUrl => (match ? { url, match } : { url })),
        sites,
        ...(username === '' ? {} : { username }),
      };
    }),
    skipped: packed.skipped.map(([secretId, revision]) => ({ secretId, revision })),
  };
}
