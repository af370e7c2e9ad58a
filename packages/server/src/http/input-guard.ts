import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * Input rules every route gets without asking, so that a new route is covered without anyone
 * remembering (docs/security.md):
 *
 * - No text may contain U+0000. PostgreSQL cannot store it in a text column and refuses the whole
 *   statement, so a NUL in an id, a name or a filter would end as a 500 there and differently on
 *   SQLite. Params, query and body (keys and values, at any depth) are checked before the schema.
 * - Every integer and number in a route schema has bounds. A schema that gives none gets those of a
 *   PostgreSQL `integer` (±2^31 - 1), so no value can overflow a column, an OFFSET or a LIMIT.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema) route.schema = boundSchemaNumbers(route.schema);
  });
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNulCharacters(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Largest value of a PostgreSQL `integer`: the default bound of an integer or number field. */
export const MAX_DEFAULT_INTEGER = 2_147_483_647;

/** The answer to a text with U+0000 whose place cannot be named safely. */
export const NUL_CHARACTER_MESSAGE = 'The request contains a character that is not allowed.';

const NUL = '\u0000';
const NAMEABLE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_NAMED_SEGMENTS = 8;

/** Throws a 400 naming the first field (params, then query, then body) whose text holds U+0000. */
export function refuseNulCharacters(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const source of [request.params, request.query, request.body]) {
    const found = findNul(source);
    if (found) throw AppError.validation(describeNulPlace(found));
  }
}

interface NulPlace {
  path: string[];
  inKey: boolean;
}

// Iterative (a body may nest 10,000 levels deep) and visits each value once.
function findNul(root: unknown): NulPlace | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { path, inKey: false };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // A raw body (an attachment's chunk) is bytes, not text: walking its million indexes would
    // cost seconds and hundreds of megabytes, and a NUL byte in ciphertext is expected.
    if (ArrayBuffer.isView(value)) continue;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], path: shortPath(path, String(index)) });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      if (key.includes(NUL)) return { path, inKey: true };
      stack.push({ value: (value as Record<string, unknown>)[key], path: shortPath(path, key) });
    }
  }
  return null;
}

// Paths are kept only as deep as they may be named; deeper ones are not named at all.
function shortPath(path: string[], segment: string): string[] {
  return path.length > MAX_NAMED_SEGMENTS ? path : [...path, segment];
}

// "Field user.email is invalid", as schema failures say; never a key the caller made up.
function describeNulPlace(place: NulPlace): string {
  const { path } = place;
  if (place.inKey || path.length === 0 || path.length > MAX_NAMED_SEGMENTS) return NUL_CHARACTER_MESSAGE;
  if (!path.every((segment) => NAMEABLE_SEGMENT.test(segment))) return NUL_CHARACTER_MESSAGE;
  const name = path.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : segment)).join('.');
  return `Field ${name.replaceAll('.[', '[')} is invalid`;
}

type SchemaNode = Record<string, unknown>;

const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;
// Keywords whose value is a schema, or a list or map of schemas.
const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];
const SUBSCHEMA_LIST_KEYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties', 'definitions', '$defs'];

/**
 * A copy of the route's validation schemas in which every `integer` or `number` without a
 * `maximum` (or `minimum`) gets ±MAX_DEFAULT_INTEGER. The route's own objects are not changed:
 * several routes share them.
 */
export function boundSchemaNumbers(schema: FastifySchema): FastifySchema {
  const bounded: Record<string, unknown> = { ...schema };
  for (const part of SCHEMA_PARTS) {
    const value = bounded[part];
    if (isSchemaNode(value)) bounded[part] = boundNode(value);
  }
  return bounded as FastifySchema;
}

function boundNode(node: SchemaNode): SchemaNode {
  const copy: SchemaNode = { ...node };
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer') || types.includes('number')) {
    if (!hasBound(node, 'maximum', 'exclusiveMaximum')) copy.maximum = MAX_DEFAULT_INTEGER;
    if (!hasBound(node, 'minimum', 'exclusiveMinimum')) copy.minimum = -MAX_DEFAULT_INTEGER;
  }
  for (const key of SUBSCHEMA_KEYS) {
    const child = node[key];
    if (isSchemaNode(child)) copy[key] = boundNode(child);
    else if (key === 'items' && Array.isArray(child)) copy[key] = child.map(boundAny);
  }
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = node[key];
    if (Array.isArray(list)) copy[key] = list.map(boundAny);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = node[key];
    if (!isSchemaNode(map)) continue;
    copy[key] = Object.fromEntries(Object.entries(map).map(([name, child]) => [name, boundAny(child)]));
  }
  return copy;
}

function boundAny(value: unknown): unknown {
  return isSchemaNode(value) ? boundNode(value) : value;
}

function hasBound(node: SchemaNode, inclusive: string, exclusive: string): boolean {
  return typeof node[inclusive] === 'number' || typeof node[exclusive] === 'number';
}

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
