/** Thrown by requestOrThrow for any non-20x answer; `message` is the server's text when it gave one. */
export class ApiError extends Error {
  /** HTTP status; 0 when the network failed. */
  readonly status: number;
  /** The server's own message (first of `errors`, or `error`), when there was one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The server's message of a failed call, when it gave one; undefined for a network failure or any other error. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** A bulk request's refusal of one item: the server names the item by its position (`index`). */
export class BulkItemError extends ApiError {
  readonly index: number;

  constructor(status: number, serverMessage: string | undefined, index: number) {
    super(status, serverMessage);
    this.name = 'BulkItemError';
    this.index = index;
  }
}
