/**
 * A parsed export as the import wizard shows and runs it: each item as the secret it becomes (with
 * where it came from sealed in its payload, so a later import finds it), and the preview's counts.
 * Everything here is computed in the browser from the file; nothing of it is sent as such.
 */
import type { ImportSource } from '@coffer/core';
import { bytesToHex, utf8Encode } from '@coffer/core';
import type { SkippedCounts, SourceFile, SourceItem, SourceKind, SourceProblem } from './source-item.js';
import type { SecretDraftFromImport } from './to-secret-draft.js';
import { toSecretDraft } from './to-secret-draft.js';

/** A container's key: its path joined with ' / ' ('' for the top level). */
export type ContainerKey = string;

/** One item ready to import: the secret it becomes and where it came from. */
export interface ImportDraft extends SecretDraftFromImport {
  /** The container the item sat in, as a key of ImportPlan.containers. */
  containerKey: ContainerKey;
  importedFrom: ImportSource;
}

/** A folder, collection or vault of the source, with how many items it holds. */
export interface SourceContainer {
  key: ContainerKey;
  /** The name a new chest takes: the path's last part ('' for the top level). */
  name: string;
  count: number;
}

/** What the preview shows and the runner imports. */
export interface ImportPlan {
  format: string;
  drafts: ImportDraft[];
  kinds: Record<SourceKind, number>;
  containers: SourceContainer[];
  skipped: SkippedCounts;
  problems: SourceProblem[];
}

/** How the top level of a source is named in the preview. */
export const TOP_LEVEL_NAME = 'No folder';

/** The key of a container path. */
export function containerKeyOf(path: readonly string[]): ContainerKey {
  return path.join(' / ');
}

// WebCrypto's SHA-256: the app's CSP lets no WebAssembly compile on the page, so no hash-wasm here.
async function sha256(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? utf8Encode(data) : data;
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource)));
}

// Objects with their keys sorted, at every depth, so the same values always give the same text.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Uint8Array) return Array.from(value);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
  }
  return value;
}

/**
 * The hex SHA-256 of a canonical JSON of the item's values: the same item read again gives the same
 * fingerprint, and any changed value another. Where the item sat (its container, its row number) is
 * not a value: moving it in the source does not make it a different item. Files count by name and
 * content (their own hash, so the text hashed stays small).
 */
export async function fingerprintOf(item: SourceItem): Promise<string> {
  const files = await Promise.all(
    item.attachments.map(async (file) => ({ name: file.name, sha256: await sha256(file.data) })),
  );
  const values = {
    kind: item.kind,
    title: item.title,
    username: item.username,
    password: item.password,
    urls: item.urls,
    notes: item.notes,
    totp: item.totp,
    fields: item.fields,
    passwordHistory: item.passwordHistory,
    favourite: item.favourite,
    tags: item.tags,
    files,
  };
  return sha256(JSON.stringify(canonical(values)));
}

/** How many items are drafted before they are dropped from the parsed file. */
const DRAFT_BATCH = 500;

/**
 * Builds a plan batch by batch: `add` makes drafts of some items, `finish` takes the parsed file (its
 * counts, problems and any items of its own). The page makes them all once the worker has ended
 * (planImport); drafting each batch as the worker posted it was measured to raise the tab's peak, as
 * the worker's memory and the drafts then add up (docs/import.md, "Memory and size").
 */
export interface PlanBuilder {
  add(format: string, items: readonly SourceItem[]): Promise<void>;
  finish(file: SourceFile): Promise<ImportPlan>;
}

export function planBuilder(): PlanBuilder {
  const kinds: Record<SourceKind, number> = { login: 0, note: 0, card: 0, identity: 0, other: 0 };
  const containers = new Map<ContainerKey, SourceContainer>();
  const drafts: ImportDraft[] = [];
  const add = async (format: string, items: readonly SourceItem[]) => {
    for (const item of items) {
      kinds[item.kind] += 1;
      const key = containerKeyOf(item.container);
      const container = containers.get(key) ?? { key, name: item.container.at(-1) ?? '', count: 0 };
      container.count += 1;
      containers.set(key, container);
      const importedFrom: ImportSource = { format, fingerprint: await fingerprintOf(item) };
      if (item.sourceId) importedFrom.sourceId = item.sourceId;
      const draft = toSecretDraft(item);
      drafts.push({
        ...draft,
        payload: { ...draft.payload, importedFrom },
        containerKey: key,
        importedFrom,
      });
    }
  };
  return {
    add,
    async finish(file) {
      await add(file.format, file.items);
      return {
        format: file.format,
        drafts,
        kinds,
        containers: [...containers.values()].sort((a, b) => a.key.localeCompare(b.key)),
        skipped: file.skipped,
        problems: file.problems,
      };
    },
  };
}

/** Builds the plan of a parsed file: drafts with their source sealed in, and the preview's counts. */
export function planImport(file: SourceFile): Promise<ImportPlan> {
  return planBuilder().finish(file);
}

/**
 * planImport for the wizard, which keeps nothing of the parsed file: its items are taken a batch at
 * a time and dropped once drafted (`file.items` is empty afterwards), so the page never holds every
 * item and every draft at once (the drafts share the items' strings, not their objects).
 */
export async function planImportReleasing(file: SourceFile): Promise<ImportPlan> {
  const builder = planBuilder();
  while (file.items.length > 0) await builder.add(file.format, file.items.splice(0, DRAFT_BATCH));
  return builder.finish(file);
}
