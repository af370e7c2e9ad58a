/** Query-string values: arrays repeat the key (`options=vault&options=teams`), undefined is left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** What a caller may pass to a request. */
export interface RequestOptions {
  /** HTTP verb; GET by default. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Sent as JSON unless it is URLSearchParams (a form, see toFormBody), or a Uint8Array or Blob (sent
   * as application/octet-stream).
   */
  body?: unknown;
  /** Appended to the path as a query string. */
  query?: Record<string, QueryValue>;
  /** Cancels the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
}

/** The low-level answer: status, parsed body and headers, whatever the status. */
export interface RawResponse<T = unknown> {
  /** HTTP status; 0 when the network failed and no response came. */
  status: number;
  /** The JSON body; the text when it is not JSON; null when empty. */
  json: T | string | null;
  headers: Headers;
}
