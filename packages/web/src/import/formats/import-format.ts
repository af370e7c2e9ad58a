import type { SourceFile } from '../source-item.js';

/**
 * What detection reads of a file: its bytes, its text (CSV, JSON, XML formats; empty for a binary
 * container such as a zip) and, once parsed, its JSON or CSV header.
 */
export interface FileSample {
  bytes: Uint8Array;
  text: string;
  /** The file is a zip archive (1PUX). */
  zip?: boolean;
  /** The parsed JSON value, when the text is JSON. */
  json?: unknown;
  /** The lower-cased CSV header, when the text reads as CSV. */
  csvHeader?: readonly string[];
}

/** What a protected file needs to be opened: its password and, for KeePass, an optional key file. */
export interface OpenOptions {
  password?: string;
  keyFile?: Uint8Array;
}

/** One format an import reads: how to recognise it, and its mapping onto SourceItem. */
export interface ImportFormat {
  id: string;
  /** As the import wizard names it: the manager and the file kind. */
  name: string;
  /** Whether this file is (most likely) of this format. */
  detect(sample: FileSample): boolean;
  /** The items; async where opening needs key derivation or decryption. */
  parse(sample: FileSample, options: OpenOptions): SourceFile | Promise<SourceFile>;
  /** The file cannot be read without a password. */
  protected?: boolean;
}
