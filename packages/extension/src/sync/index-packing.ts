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
  return {
    version: 1,
    userId: packed.user,
    server: packed.server,
    cursor: packed.cursor,
    entries: packed.entries.map(unpackEntry(packed.chests)),
    skipped: packed.skipped.map(([secretId, revision]) => ({ secretId, revision })),
  };
}

// Run for every entry at each popup open: plain assignments rather than object spreads, which V8 runs
// more slowly, 10,000 times over.
function unpackEntry(chests: PackedIndex['chests']): (packed: PackedEntry) => IndexEntry {
  return ([secretId, revision, chestAt, name, packedUrls, sites, username]) => {
    const chest = chests[chestAt];
    const urls: SecretUrl[] = new Array(packedUrls.length);
    for (let at = 0; at < packedUrls.length; at += 1) {
      const [url, match] = packedUrls[at] as PackedUrl;
      urls[at] = match ? { url, match } : { url };
    }
    const entry: IndexEntry = {
      secretId,
      revision,
      chestId: chest?.[0] ?? '',
      name,
      category: 'password',
      urls,
      sites,
    };
    if (chest?.[1] != null) entry.chestName = chest[1];
    if (username !== '') entry.username = username;
    return entry;
  };
}
