/** Reads the message of an error body: the first of `errors`, else `error`, else the body when it is text. */
export function readErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body === '' ? undefined : body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { errors, error } = body as { errors?: unknown; error?: unknown };
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    if (typeof first === 'string') return first;
  }
  return typeof error === 'string' ? error : undefined;
}
