// The decrypted index in memory while the extension is unlocked: entries by secret id, and the
// registrable domains of their URLs, so the current page's candidates are one map lookup however
// large the vault (docs/extension-sync.md).
import type { IndexEntry, IndexOwner, IndexSnapshot } from './index-entry.js';
import { siteKey } from './site-key.js';

/** Ranks the candidates of a page: h4's `rankSecrets` from matching/ fits as it is. */
export type RankCandidates<R> = (pageUrl: string, candidates: readonly IndexEntry[]) => R;

export class SecretIndex {
  /** The server's cursor after the last sync; null before the first. */
  cursor: string | null;
  private readonly byId = new Map<string, IndexEntry>();
  private readonly skippedById = new Map<string, number>();
  // Built on the first lookup (opening the blob does not wait for it), then kept up to date.
  private bySite: Map<string, Set<string>> | null = null;
  private lookups = 0;

  private constructor(
    readonly owner: IndexOwner,
    cursor: string | null,
  ) {
    this.cursor = cursor;
  }

  /** An index that has never synced. */
  static empty(owner: IndexOwner): SecretIndex {
    return new SecretIndex({ userId: owner.userId, server: owner.server }, null);
  }

  /** The index an opened blob holds. */
  static fromSnapshot(snapshot: IndexSnapshot): SecretIndex {
    const index = new SecretIndex({ userId: snapshot.userId, server: snapshot.server }, snapshot.cursor);
    for (const entry of snapshot.entries) index.byId.set(entry.secretId, entry);
    for (const skipped of snapshot.skipped) index.skippedById.set(skipped.secretId, skipped.revision);
    return index;
  }

  /** How many secrets it has opened. */
  get size(): number {
    return this.byId.size;
  }

  /** How many readable secrets it knows of: opened, and those whose payload did not open. */
  get known(): number {
    return this.byId.size + this.skippedById.size;
  }

  get(secretId: string): IndexEntry | undefined {
    return this.byId.get(secretId);
  }

  /** The revision of a secret whose payload did not open, if it is one. */
  skippedRevision(secretId: string): number | undefined {
    return this.skippedById.get(secretId);
  }

  /** Every secret id it knows (opened or skipped). */
  knownIds(): string[] {
    return [...this.byId.keys(), ...this.skippedById.keys()];
  }

  entries(): IterableIterator<IndexEntry> {
    return this.byId.values();
  }

  /** Adds or replaces an entry (and forgets that its secret was skipped). */
  put(entry: IndexEntry): void {
    this.unlinkSites(entry.secretId);
    this.skippedById.delete(entry.secretId);
    this.byId.set(entry.secretId, entry);
    this.linkSites(entry);
  }

  /** Records that this revision of a secret did not open; any entry it had is dropped. */
  skip(secretId: string, revision: number): void {
    this.unlinkSites(secretId);
    this.byId.delete(secretId);
    this.skippedById.set(secretId, revision);
  }

  /** Forgets a secret; true when it knew it. */
  remove(secretId: string): boolean {
    this.unlinkSites(secretId);
    const had = this.byId.delete(secretId);
    return this.skippedById.delete(secretId) || had;
  }

  /**
   * The entries with a URL on the same registrable domain as `site` (a page's URL or a host): what
   * h4's ranking then orders. The domain is the public suffix list's ICANN part, so a site under a
   * private suffix (github.io) finds all of that suffix's entries and the ranking (which knows the
   * private suffixes) keeps its own. Empty for a page without a host (about:blank, a file).
   */
  candidatesFor(site: string): IndexEntry[] {
    const key = siteKey(site);
    if (!key) return [];
    // A popup looks up once: a pass over the entries beats building the map it would then drop.
    if (!this.bySite && this.lookups++ === 0)
      return [...this.byId.values()].filter((entry) => entry.sites.includes(key));
    const ids = this.sites().get(key);
    if (!ids) return [];
    return [...ids].flatMap((id) => {
      const entry = this.byId.get(id);
      return entry ? [entry] : [];
    });
  }

  /** The page's matches: its candidates as `rank` (h4's `rankSecrets`) orders and filters them. */
  entriesFor<R>(pageUrl: string, rank: RankCandidates<R>): R {
    return rank(pageUrl, this.candidatesFor(pageUrl));
  }

  /** What the sealed blob holds. */
  toSnapshot(): IndexSnapshot {
    return {
      version: 1,
      userId: this.owner.userId,
      server: this.owner.server,
      cursor: this.cursor,
      entries: [...this.byId.values()],
      skipped: [...this.skippedById].map(([secretId, revision]) => ({ secretId, revision })),
    };
  }

  private sites(): Map<string, Set<string>> {
    if (!this.bySite) {
      this.bySite = new Map();
      for (const entry of this.byId.values()) this.linkSites(entry);
    }
    return this.bySite;
  }

  private linkSites(entry: IndexEntry): void {
    if (!this.bySite) return;
    for (const key of entry.sites) {
      let ids = this.bySite.get(key);
      if (!ids) {
        ids = new Set();
        this.bySite.set(key, ids);
      }
      ids.add(entry.secretId);
    }
  }

  private unlinkSites(secretId: string): void {
    const entry = this.byId.get(secretId);
    if (!entry || !this.bySite) return;
    for (const key of entry.sites) {
      const ids = this.bySite.get(key);
      ids?.delete(secretId);
      if (ids?.size === 0) this.bySite.delete(key);
    }
  }
}
