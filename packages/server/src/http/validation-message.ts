import type { FastifySchemaValidationError } from 'fastify';

/**
 * Turns the first schema-validation failure into a sentence a person can act on, naming the
 * field by its path ("Field user.email is invalid") and never quoting the value sent.
 */
export function describeValidationError(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const first = errors[0];
  if (!first) return 'The request is invalid';
  const segments = first.instancePath.split('/').filter((segment) => segment !== '');
  const missing = readParam(first.params, 'missingProperty');
  const extra = readParam(first.params, 'additionalProperty');
  if (first.keyword === 'required' && missing) return `Field ${join([...segments, missing])} is required`;
  if (first.keyword === 'additionalProperties' && extra)
    return `Field ${join([...segments, extra])} is not allowed`;
  if (segments.length === 0) return describeWhole(context);
  return `Field ${join(segments)} is invalid`;
}

function describeWhole(context: string | undefined): string {
  if (context === 'querystring') return 'The query string is invalid';
  if (context === 'params') return 'The address is invalid';
  if (context === 'headers') return 'The request headers are invalid';
  return 'The request body is missing or invalid';
}

function join(segments: string[]): string {
  return segments
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : segment))
    .join('.')
    .replaceAll('.[', '[');
}

function readParam(params: unknown, key: string): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const value = (params as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}
