import { accessRefused } from './access-refused-event.js';
import { ApiError } from './api-error.js';
import type { RawResponse, RequestOptions } from './api-types.js';
import { readErrorMessage } from './error-message.js';
import { toQueryString } from './query-string.js';
import { SIGNATURE_EXPIRED, sessionExpired } from './session-expired-event.js';
import { getToken } from './token-store.js';

// Same origin by default: the server serves the built app; the dev server proxies /api, /users, /healthz.
let apiBase: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * Points every call at another server: the browser extension talks to the Coffer server its user chose
 * (packages/extension). The web app never calls it. A trailing slash is dropped, as paths start with one.
 */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

/**
 * Sends one request and answers with status, body and headers whatever the status.
 * For callers that need headers or exact statuses (sign-in reads the Authorization header).
 * A network failure answers status 0; a cancelled request rejects with the AbortError.
 */
export async function requestRaw<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<RawResponse<T>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), buildInit(options));
  } catch (error) {
    if (isAbort(error)) throw error;
    return { status: 0, json: null, headers: new Headers() };
  }
  const json = parseBody<T>(await readText(response, options.signal));
  if (readErrorMessage(json) === SIGNATURE_EXPIRED) sessionExpired.emit();
  if (response.status === 403) accessRefused.emit(path);
  return { status: response.status, json, headers: response.headers };
}

/**
 * The error-aware variant for TanStack Query functions and mutations: the body on 20x, otherwise
 * it throws an ApiError carrying the status and the server's message.
 */
export async function requestOrThrow<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const answer = await requestRaw<T>(path, options);
  if (isSuccess(answer.status)) return answer.json as T;
  throw new ApiError(answer.status, readErrorMessage(answer.json));
}

/**
 * For bodies that are not JSON: sends the request and answers the Response itself on 20x, its body
 * unread, so the caller can stream it (an attachment's download). Any other status throws an ApiError
 * with the server's message, as requestOrThrow does; a network failure throws an ApiError with status 0;
 * a cancelled request rejects with the AbortError.
 */
export async function requestResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), buildInit(options));
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, undefined);
  }
  if (isSuccess(response.status)) return response;
  const json = parseBody<unknown>(await readText(response, options.signal));
  const message = readErrorMessage(json);
  if (message === SIGNATURE_EXPIRED) sessionExpired.emit();
  if (response.status === 403) accessRefused.emit(path);
  throw new ApiError(response.status, message);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function buildUrl(path: string, options: RequestOptions): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return `${apiBase}${absolute}${toQueryString(options.query)}`;
}

function buildInit(options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body === undefined) return init;
  if (options.body instanceof Uint8Array || options.body instanceof Blob) {
    // Raw bytes (an attachment's sealed chunk) go as they are.
    headers.set('Content-Type', 'application/octet-stream');
    init.body = options.body as BodyInit;
    return init;
  }
  if (options.body instanceof URLSearchParams) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    init.body = options.body;
    return init;
  }
  headers.set('Content-Type', 'application/json');
  init.body = JSON.stringify(options.body);
  return init;
}

async function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    return '';
  }
}

function parseBody<T>(text: string): T | string | null {
  if (text === '') return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
