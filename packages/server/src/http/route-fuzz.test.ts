import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssignment,
  buildChest,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
  TEST_AUTH_HASH,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import type { RouteEntry } from './route-catalogue.js';

// Every route the app registers (read from app.routeCatalogue, so a new route is fuzzed without
// anyone adding it here) gets malformed bodies, NUL bytes, huge numbers, wrong types, deep nesting
// and long texts in every position its schema names, as JSON and form-encoded, signed in as the
// owner-administrator of a fresh organisation. No answer may be a 5xx; each 4xx keeps the error shape.
// The inputs are fixed (no randomness; new ids count up): a failure names the route and the input,
// and the next run sends the same again.

type Pairs = [string, string][];

/** A bad value: as JSON, and as form pairs (key suffix, text) for form bodies and query strings. */
interface BadValue {
  name: string;
  json: unknown;
  form: Pairs;
  /** Also sent in form bodies (a form carries only text, so numbers and null add nothing there). */
  inForm?: boolean;
  /** Sent only in place of a scalar (in place of an object or a list it is one more wrong type). */
  leafOnly?: boolean;
}

const LONG_TEXT = 'x'.repeat(100_000);
const DEEP = 10_000;

// JSON.stringify recurses and would overflow on 10,000 levels: the deep value is written as text
// in place of this marker.
const DEEP_MARK = '__deep_json__';
const DEEP_JSON = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

const BAD_VALUES: readonly BadValue[] = [
  { name: 'NUL inside a text', inForm: true, json: 'a\u0000b', form: [['', 'a\u0000b']] },
  { name: '2^63', inForm: true, json: 2 ** 63, form: [['', '9223372036854775808']] },
  { name: '1e308', leafOnly: true, json: 1e308, form: [['', '1e308']] },
  { name: '-1', leafOnly: true, json: -1, form: [['', '-1']] },
  { name: '-2^63', leafOnly: true, json: -(2 ** 63), form: [['', '-9223372036854775808']] },
  {
    name: 'an array for a scalar',
    inForm: true,
    json: ['a', 'b'],
    form: [
      ['[]', 'a'],
      ['[]', 'b'],
    ],
  },
  { name: 'an object for a scalar', inForm: true, json: { a: 1 }, form: [['[a]', '1']] },
  { name: 'NUL in an array', leafOnly: true, json: ['\u0000'], form: [['[]', '\u0000']] },
  { name: 'NUL in a key', inForm: true, json: { 'a\u0000': 'b' }, form: [['[a\u0000]', 'b']] },
  { name: '100 kB text', inForm: true, json: LONG_TEXT, form: [['', LONG_TEXT]] },
  { name: `${DEEP} levels deep`, inForm: true, json: DEEP_MARK, form: [['[a]'.repeat(DEEP), 'x']] },
  { name: 'null', json: null, form: [['', '']] },
  { name: 'a lone surrogate', leafOnly: true, json: '\ud800', form: [['', '\ud800']] },
];

/** Whole bodies that are wrong as a whole. */
const BAD_BODIES: readonly { name: string; contentType: string; payload: string }[] = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"user": {' },
  { name: 'a raw NUL byte in JSON', contentType: 'application/json', payload: '{"a":"\u0000"}' },
  {
    name: `JSON ${DEEP} levels deep`,
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
  },
  { name: 'a JSON array', contentType: 'application/json', payload: '[1,2]' },
  { name: 'a JSON string', contentType: 'application/json', payload: '"text"' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'a JSON number past 2^1024', contentType: 'application/json', payload: '1e400' },
  { name: 'JSON with __proto__', contentType: 'application/json', payload: '{"__proto__":{"a":1}}' },
  { name: 'malformed form', contentType: 'application/x-www-form-urlencoded', payload: '%FF=%FF&[=1&a[=2' },
  {
    name: `form ${DEEP} levels deep`,
    contentType: 'application/x-www-form-urlencoded',
    payload: `a${'[a]'.repeat(DEEP)}=1`,
  },
  { name: 'form with a NUL key', contentType: 'application/x-www-form-urlencoded', payload: '%00=1' },
  { name: 'plain text', contentType: 'text/plain', payload: 'hello' },
];

/** Path parameter values, written into the URL as they are (already encoded). */
const BAD_PARAMS: readonly { name: string; raw: string }[] = [
  { name: 'NUL', raw: 'a%00b' },
  { name: 'a lone %00', raw: '%00' },
  { name: 'undecodable %FF', raw: '%FF' },
  { name: 'a bare %', raw: '%' },
  { name: '65 characters', raw: 'a'.repeat(65) },
  { name: '101 characters', raw: 'a'.repeat(101) },
  { name: '100 kB', raw: 'x'.repeat(100_000) },
  { name: '2^63', raw: '9223372036854775808' },
  { name: 'encoded slash', raw: 'a%2Fb' },
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Fixture {
  token: string;
  email: string;
  userId: string;
  chestId: string;
  teamId: string;
  secretId: string;
}

interface Finding {
  route: string;
  input: string;
  status: number;
  body: string;
}

describe('every route, fuzzed', () => {
  let context: TestContext;
  let requests = 0;
  const fiveHundreds: Finding[] = [];
  const badShapes: Finding[] = [];

  beforeAll(async () => {
    const generous = '999999/1h';
    context = await createTestContext({
      env: Object.fromEntries(
        [
          'SIGN_IN',
          'TWO_FACTOR_CHECK',
          'PASSWORD_CHECK',
          'REGISTRATION',
          'CONFIRMATION_RESEND',
          'EMAIL_CHANGE',
          'INVITATION_RESEND',
        ].flatMap((stem) => [
          [`RATE_LIMIT_${stem}_PER_ACCOUNT`, generous],
          [`RATE_LIMIT_${stem}_PER_IP`, generous],
        ]),
      ),
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.close();
  });

  // A fresh organisation per route, so that what one route's inputs change does not reach the next.
  async function buildFixture(): Promise<Fixture> {
    const { db } = context;
    const owner = await buildUser(db, { administrator: true });
    const team = await buildTeam(db, owner.organisation_id);
    await buildMembership(db, owner, team.id, true);
    const chest = await buildChest(db, owner.organisation_id);
    await buildAssignment(db, owner.organisation_id, chest.id, team.id, true);
    const secret = await buildSecret(db, owner, chest.id);
    return {
      token: await buildSession(db, owner),
      email: owner.email,
      userId: owner.id,
      chestId: chest.id,
      teamId: team.id,
      secretId: secret.id,
    };
  }

  async function send(route: RouteEntry, fixture: Fixture, input: string, options: InjectOptions) {
    requests += 1;
    const response = await context.app.inject({
      ...options,
      method: route.method as InjectOptions['method'],
      headers: { authorization: `Bearer ${fixture.token}`, ...options.headers },
    });
    const label = `${route.method} ${route.url}`;
    const finding = { route: label, input, status: response.statusCode, body: response.body.slice(0, 200) };
    if (response.statusCode >= 500) fiveHundreds.push(finding);
    else if (response.statusCode >= 400 && !hasErrorShape(response.body)) badShapes.push(finding);
    // Signing out, a password change or a lock ends the session, deleting the organisation ends
    // all of it: keep fuzzing with a new session, or a new organisation.
    if (response.statusCode === 401) await renewSession(fixture);
  }

  async function renewSession(fixture: Fixture): Promise<void> {
    const owner = await context.db
      .selectFrom('users')
      .select(['id', 'organisation_id'])
      .where('id', '=', fixture.userId)
      .executeTakeFirst();
    if (owner) fixture.token = await buildSession(context.db, owner);
    else Object.assign(fixture, await buildFixture());
  }

  async function fuzzRoute(route: RouteEntry, alreadyFuzzed: boolean): Promise<void> {
    const fixture = await buildFixture();
    const params = paramNames(route.url);
    const goodParams = Object.fromEntries(params.map((name) => [name, idFor(route.url, name, fixture)]));
    const hasBody = BODY_METHODS.has(route.method);
    const baseBody = hasBody ? skeleton(schemaPart(route.schema, 'body'), fixture) : undefined;
    const url = (values: Record<string, string>, query: Pairs = []) => buildUrl(route.url, values, query);

    // Path parameters.
    for (const name of params) {
      for (const bad of BAD_PARAMS) {
        await send(route, fixture, `param ${name}: ${bad.name}`, {
          url: url({ ...goodParams, [name]: bad.raw }),
          ...jsonBody(baseBody),
        });
      }
    }
    // Query string: each parameter the route declares, alone (or a stray one when it declares none).
    const queryNames = Object.keys(schemaPart(route.schema, 'querystring')?.properties ?? { fuzz: {} });
    for (const name of queryNames) {
      for (const bad of BAD_VALUES) {
        await send(route, fixture, `query ${name}: ${bad.name}`, {
          url: url(goodParams, toPairs({ [name]: FORM_MARK }, bad.form)),
          ...jsonBody(baseBody),
        });
      }
    }
    if (!hasBody) return;
    // Body: each field the schema names (or a stray one), as JSON and as a form.
    const body = baseBody ?? { fuzz: 'x' };
    for (const leaf of alreadyFuzzed ? [] : leafPaths(body)) {
      const isContainer = typeof valueAt(body, leaf) === 'object';
      for (const bad of BAD_VALUES) {
        if (isContainer && bad.leafOnly) continue;
        const where = `body ${leaf.join('.')}: ${bad.name}`;
        await send(route, fixture, `${where} (JSON)`, {
          url: url(goodParams),
          ...jsonBody(replaceAt(body, leaf, bad.json)),
        });
        if (!bad.inForm) continue;
        await send(route, fixture, `${where} (form)`, {
          url: url(goodParams),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encodePairs(toPairs(replaceAt(body, leaf, FORM_MARK), bad.form)),
        });
      }
    }
    for (const bad of BAD_BODIES) {
      await send(route, fixture, `body: ${bad.name}`, {
        url: url(goodParams),
        headers: { 'content-type': bad.contentType },
        payload: bad.payload,
      });
    }
  }

  it('answers no input on any route with a 5xx', async () => {
    const routes = context.app.routeCatalogue.filter((route) => route.method !== 'HEAD');
    // The catalogue must really be the app's: the areas of the specification are all there.
    for (const path of ['/api/v1/vaults/:id', '/api/v1/secrets', '/users/sign_in', '/api/v1/prelogin']) {
      expect(routes.some((route) => route.url === path)).toBe(true);
    }
    const perRoute: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const before = requests;
      const started = performance.now();
      // PUT and PATCH of one path with one schema (a chest, a team) share their handler: the second
      // gets the path and whole-body cases only, which keeps the file quick.
      const shape = `${route.url} ${JSON.stringify(route.schema ?? null)}`;
      await fuzzRoute(route, seen.has(shape) && (route.method === 'PUT' || route.method === 'PATCH'));
      seen.add(shape);
      const took = Math.round(performance.now() - started);
      perRoute.push(`${route.method} ${route.url}: ${requests - before} requests in ${took} ms`);
    }
    if (process.env.COFFER_FUZZ_STATS) console.log([...perRoute, `${requests} requests`].join('\n'));
    expect(fiveHundreds, JSON.stringify(fiveHundreds.slice(0, 30), null, 1)).toEqual([]);
    expect(badShapes, JSON.stringify(badShapes.slice(0, 30), null, 1)).toEqual([]);
    // Bounded, so the file stays quick on two cores (about 5,800 requests in 10 to 20 s with the users
    // and audit routes of issue 9, about 7,300 with the attachment routes of issue 27, about 8,250
    // with issue 28's bulk create, about 9,500 with issue 30's signed marks and restores, whose
    // bodies are a secret's); and not empty, so a broken catalogue shows.
    expect(requests).toBeGreaterThan(1_000);
    expect(requests).toBeLessThan(10_500);
    // 10 to 25 s on PostgreSQL when the machine is busy: a time limit of its own, well above that.
  }, 90_000);
});

function hasErrorShape(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  const { errors, error } = parsed as { errors?: unknown; error?: unknown };
  const errorsOk = Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string');
  return errorsOk || typeof error === 'string';
}

function jsonBody(body: unknown): Pick<InjectOptions, 'headers' | 'payload'> {
  if (body === undefined) return {};
  const payload = JSON.stringify(body).replace(`"${DEEP_MARK}"`, DEEP_JSON);
  return { headers: { 'content-type': 'application/json' }, payload };
}

function schemaPart(schema: FastifySchema | undefined, part: 'querystring' | 'body'): Schema | undefined {
  const value = (schema as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'object' && value !== null ? (value as Schema) : undefined;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
}

// The id a path parameter should hold to reach the route's service: the area decides the kind.
function idFor(url: string, name: string, fixture: Fixture): string {
  if (name !== 'id') return countedUuid();
  if (url.includes('/vaults')) return fixture.chestId;
  if (url.includes('/teams')) return fixture.teamId;
  if (url.includes('/secret')) return fixture.secretId;
  return fixture.userId;
}

let uuidCount = 0;

// A fresh, well-formed id (a new secret's client-made id), the same on every run.
function countedUuid(): string {
  uuidCount += 1;
  return `00000000-0000-4000-8000-${uuidCount.toString(16).padStart(12, '0')}`;
}

function buildUrl(pattern: string, params: Record<string, string>, query: Pairs): string {
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => params[name] ?? 'x');
  return query.length > 0 ? `${path}?${encodePairs(query)}` : path;
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
}

// A plausible value for every field the schema names: ids of the fixture's objects, the owner's
// e-mail, the first allowed choice; so that one bad field at a time reaches as far as it can.
function skeleton(schema: Schema | undefined, fixture: Fixture, name = ''): unknown {
  if (!schema) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (types.includes('object') || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [key, skeleton(child, fixture, key)]),
    );
  }
  if (types.includes('array')) return schema.items ? [skeleton(schema.items, fixture, name)] : [];
  if (types.includes('integer') || types.includes('number')) return schema.minimum ?? 1;
  if (types.includes('boolean')) return true;
  return textFor(name, fixture);
}

function textFor(name: string, fixture: Fixture): string {
  if (name === 'vault_id') return fixture.chestId;
  if (name === 'team_id' || name === 'team_ids') return fixture.teamId;
  if (name === 'user_id' || name === 'owner_id') return fixture.userId;
  if (name === 'secret_id') return fixture.secretId;
  if (name === 'id') return countedUuid();
  if (name === 'email') return fixture.email;
  if (name === 'name') return 'Fuzzed name';
  // Stand-in ciphertext of the right sizes, so a save gets past its shape checks.
  if (name === 'encrypted_value') return Buffer.alloc(384, 1).toString('base64');
  if (name === 'encrypted_data') return Buffer.alloc(64, 1).toString('base64');
  if (name === 'encryption_iv') return Buffer.alloc(12, 1).toString('base64');
  if (name === 'password' || name === 'current_password') return TEST_AUTH_HASH;
  return 'fuzz';
}

// Every place in a value (objects and arrays themselves too): the paths to put a bad value at.
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return path.length > 0 ? [path] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const own = path.length > 0 ? [path] : [];
  return [...own, ...entries.flatMap(([key, child]) => leafPaths(child, [...path, key]))];
}

function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    return value.map((item, index) => (String(index) === head ? replaceAt(item, rest, replacement) : item));
  }
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head]: replaceAt(object[head], rest, replacement) };
}

// Where a form's bad pairs go: toPairs writes them at the key of this marker.
const FORM_MARK = Symbol('bad value');

// Rails-style form pairs: `a[b]=v`, `a[]=v` for lists of texts, `a[0][b]=v` for lists of objects.
function toPairs(value: unknown, bad: Pairs = [], prefix = ''): Pairs {
  if (value === FORM_MARK) return bad.map(([suffix, text]) => [`${prefix}${suffix}`, text]);
  if (value === undefined) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      typeof item === 'object' && item !== null
        ? toPairs(item, bad, `${prefix}[${index}]`)
        : item === FORM_MARK
          ? toPairs(item, bad, `${prefix}[]`)
          : ([[`${prefix}[]`, String(item)]] as Pairs),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) =>
      toPairs(child, bad, prefix ? `${prefix}[${key}]` : key),
    );
  }
  return [[prefix, value === null ? '' : String(value)]];
}

function encodePairs(pairs: Pairs): string {
  return pairs.map(([key, text]) => `${encodeText(key)}=${encodeText(text)}`).join('&');
}

// encodeURIComponent refuses a lone surrogate: send it as the (invalid) UTF-8 bytes it would be.
function encodeText(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
