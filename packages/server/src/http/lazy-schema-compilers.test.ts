import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/test-app.js';
import { lazySchemaCompilers, loadFastifyCompilers } from './lazy-schema-compilers.js';

const ITEM_SCHEMA = {
  body: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 5 },
      count: { type: 'integer', minimum: 1, default: 1 },
      tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
    },
  },
  querystring: {
    type: 'object',
    properties: { ids: { type: 'array', items: { type: 'integer' } }, full: { type: 'boolean' } },
  },
  params: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } },
  response: {
    200: {
      type: 'object',
      properties: { id: { type: 'string' }, body: { type: 'object', additionalProperties: true } },
    },
  },
};

// Fastify's default answers carry Ajv's own messages, so equal answers mean equal validation.
const INPUTS: InjectOptions[] = [
  { method: 'POST', url: '/items/abc', payload: { name: 'pen' } },
  { method: 'POST', url: '/items/abc?ids=1&ids=2&full=true', payload: { name: 'pen', count: '3', extra: 1 } },
  { method: 'POST', url: '/items/abc?ids=1', payload: { name: 'pen', tags: 'one' } },
  { method: 'POST', url: '/items/abc', payload: {} },
  { method: 'POST', url: '/items/abc', payload: { name: 'too long a name' } },
  { method: 'POST', url: '/items/abc', payload: { name: 'pen', count: 0 } },
  { method: 'POST', url: '/items/abc', payload: { name: 'pen', tags: ['a', 'b', 'c'] } },
  { method: 'POST', url: '/items/abc?ids=x', payload: { name: 'pen' } },
  { method: 'POST', url: '/items/ABC', payload: { name: 'pen' } },
  { method: 'POST', url: '/items/abc', payload: [1, 2] },
  { method: 'POST', url: '/items/abc', headers: { 'content-type': 'application/json' }, payload: 'null' },
];

function countingCompilers() {
  const counts = { loads: 0, validators: 0, serializers: 0 };
  const load = () => {
    counts.loads += 1;
    const real = loadFastifyCompilers();
    const counted =
      (build: () => unknown, key: 'validators' | 'serializers') =>
      () =>
      (...factoryArgs: unknown[]) => {
        const compiler = (build() as (...args: unknown[]) => (route: unknown) => unknown)(...factoryArgs);
        return (route: unknown) => {
          counts[key] += 1;
          return compiler(route);
        };
      };
    return {
      buildValidator: counted(real.buildValidator, 'validators'),
      buildSerializer: counted(real.buildSerializer, 'serializers'),
    };
  };
  return { counts, compilers: lazySchemaCompilers(load) };
}

function itemApp(lazy: ReturnType<typeof lazySchemaCompilers> | null): FastifyInstance {
  const app = Fastify(lazy ? { schemaController: { compilersFactory: lazy } } : {});
  app.post('/items/:id', { schema: ITEM_SCHEMA }, async (request) => ({
    id: (request.params as { id: string }).id,
    body: { ...(request.body as object), query: request.query },
    notInSchema: true,
  }));
  return app;
}

describe('lazy schema compilers', () => {
  it('compiles nothing at start and each schema once, on its first use', async () => {
    const { counts, compilers } = countingCompilers();
    const app = itemApp(compilers);
    await app.ready();
    expect(counts).toEqual({ loads: 0, validators: 0, serializers: 0 });

    const first = await app.inject(INPUTS[0] as InjectOptions);
    expect(first.statusCode).toBe(200);
    expect(counts).toEqual({ loads: 1, validators: 3, serializers: 1 });
    await app.inject(INPUTS[1] as InjectOptions);
    await app.inject(INPUTS[3] as InjectOptions);
    expect(counts).toEqual({ loads: 1, validators: 3, serializers: 1 });
    await app.close();
  });

  it("answers every input exactly as Fastify's own eager compilers do", async () => {
    const eager = itemApp(null);
    const lazy = itemApp(lazySchemaCompilers());
    for (const input of INPUTS) {
      const [expected, actual] = await Promise.all([eager.inject(input), lazy.inject(input)]);
      expect({ url: input.url, status: actual.statusCode, body: actual.json() }).toEqual({
        url: input.url,
        status: expected.statusCode,
        body: expected.json(),
      });
    }
    // Coercion, defaults and removed properties reached the handler, as they do when compiled at start.
    const coerced = await lazy.inject(INPUTS[1] as InjectOptions);
    expect(coerced.json()).toEqual({
      id: 'abc',
      body: { name: 'pen', count: 3, query: { ids: [1, 2], full: true } },
    });
    await Promise.all([eager.close(), lazy.close()]);
  });

  it('refuses a headers schema at start, since Fastify would not lower-case its names', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers() } });
    app.get('/h', { schema: { headers: { type: 'object', required: ['X-Key'] } } }, async () => 'ok');
    await expect(app.ready()).rejects.toThrow(/header schemas/);
    await app.close();
  });

  it("compiles every route's schemas of the app, as Fastify did at start", async () => {
    const context = await createTestContext();
    try {
      await context.app.ready();
      const compile = (
        loadFastifyCompilers().buildValidator() as (...args: unknown[]) => (route: unknown) => unknown
      )({}, { customOptions: {}, plugins: [] });
      let compiled = 0;
      for (const route of context.app.routeCatalogue) {
        for (const httpPart of ['body', 'querystring', 'params', 'headers'] as const) {
          const schema = route.schema?.[httpPart];
          if (schema === undefined) continue;
          expect(httpPart, `${route.method} ${route.url}`).not.toBe('headers');
          expect(() => compile({ schema, method: route.method, url: route.url, httpPart })).not.toThrow();
          compiled += 1;
        }
      }
      expect(compiled).toBeGreaterThan(50);
    } finally {
      await context.close();
    }
  });
});
