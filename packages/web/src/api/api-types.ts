/** Query-string values: arrays repeat the key (`options=vault&options=teams`), undefined is left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** What a caller may pass to a request. */
export interface RequestOptions {
  /** HTTP verb; GET by default. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is already URLSearchParams (a form, see toFormBody). */
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

/**
 * The spec's request-helper answer (section 7): the parsed body on 20x (null when empty, 1 for DELETE),
 * an error message string on 400/401, and 1 for any other failure. Callers treat falsy, 0 or 1 as failure.
 */
export type RequestResult<T> = T | string | 1 | null;

/** The generic failure value of the request helper. */
export const REQUEST_FAILED = 1 as const;
