/** A Stripe API error answer: the HTTP status and Stripe's `{ error: { type, code, message, param } }`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'authentication_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'StandInError';
  }

  body(): { error: Record<string, string> } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

/** Stripe's answer for an id it does not know (404 resource_missing). */
export function noSuch(kind: string, id: string, param = 'id'): StandInError {
  return new StandInError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/** Stripe's answer for a request it cannot carry out (400). */
export function invalidRequest(message: string, param?: string, code?: string): StandInError {
  return new StandInError(400, 'invalid_request_error', message, code, param);
}
