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
