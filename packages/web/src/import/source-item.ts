import type { SecretCategory, SecretPayload } from '@coffer/core';

/**
 * What an import reads from another manager's export before anything becomes a Coffer secret: every
 * value the source carried, in one lossless shape, so each format writes only its own mapping and the
 * later steps (preview, chest mapping, duplicate matching, sealing) never see a format's quirks.
 */

/** What the source item was. Cards and identities have no Coffer category of their own: they become fields. */
export type SourceKind = 'login' | 'note' | 'card' | 'identity' | 'other';

/** A value with no dedicated place (a custom field, a card number, a 1Password section entry). */
export interface SourceField {
  name: string;
  value: string;
  /** The source marked it concealed (a hidden field, a PIN, a card code): it stays hidden in Coffer. */
  hidden: boolean;
}

/** A password the item had before, newest first where the source says. */
export interface PastPassword {
  password: string;
  /** ISO 8601, when the source records it. */
  changedAt?: string;
}

/** A file the item carried (a 1Password document, a KeePass attachment). */
export interface SourceAttachment {
  name: string;
  data: Uint8Array;
  /** The file's media type, where the source keeps it (a Coffer export). */
  mediaType?: string;
}

/** A secret read from a Coffer export as Coffer stored it: an import recreates it exactly (telephone and address too). */
export interface CofferOriginal {
  category: SecretCategory;
  /** The whole payload (fields, history, URLs, authenticator key, importedFrom) without file refs: the files come as attachments. */
  payload: SecretPayload;
}

export interface SourceItem {
  /** How previews and problems name the item: a row number or the source's id, never a value. */
  ref: string;
  /** The source's own id, where it has one (re-imports match on it). */
  sourceId?: string;
  kind: SourceKind;
  title: string;
  username: string;
  password: string;
  /** Every URL, in the source's order. */
  urls: string[];
  notes: string;
  /** An otpauth:// URI or a bare base32 secret, as the source gave it. */
  totp: string;
  fields: SourceField[];
  passwordHistory: PastPassword[];
  /** The folder, collection or vault path the item sat in (empty: the top level). */
  container: string[];
  favourite: boolean;
  tags: string[];
  attachments: SourceAttachment[];
  createdAt?: string;
  updatedAt?: string;
  /** Only from a Coffer export: the secret as it was; the parts above then only describe it for the preview. */
  coffer?: CofferOriginal;
}

/** A row or entry that could not be read, by reference only. */
export interface SourceProblem {
  ref: string;
  message: string;
}

/** Items the source holds that an import does not bring over, by reason, counted for the preview. */
export interface SkippedCounts {
  /** In the source's trash or marked deleted. */
  trashed: number;
  /** Not a secret of the team's (a browser's own sync account, an empty row). */
  notASecret: number;
}

/** One parsed export. */
export interface SourceFile {
  format: string;
  items: SourceItem[];
  skipped: SkippedCounts;
  problems: SourceProblem[];
}

/** An item with every optional part empty, for a format to fill in. */
export function sourceItem(ref: string, parts: Partial<SourceItem> = {}): SourceItem {
  return {
    ref,
    kind: 'login',
    title: '',
    username: '',
    password: '',
    urls: [],
    notes: '',
    totp: '',
    fields: [],
    passwordHistory: [],
    container: [],
    favourite: false,
    tags: [],
    attachments: [],
    ...parts,
  };
}

/** Counts with nothing skipped. */
export function nothingSkipped(): SkippedCounts {
  return { trashed: 0, notASecret: 0 };
}

/** A parsed file of this format with nothing in it yet, for a format to fill in. */
export function emptySourceFile(format: string): SourceFile {
  return { format, items: [], skipped: nothingSkipped(), problems: [] };
}

/** `a/b/c` as a container path; empty segments (a leading or doubled slash) are dropped. */
export function containerPath(path: string | null | undefined, separator = '/'): string[] {
  return (path ?? '')
    .split(separator)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}
