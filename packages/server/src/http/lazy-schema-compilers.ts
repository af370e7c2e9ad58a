import { createRequire } from 'node:module';
import type { FastifySchemaCompiler, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's `schemaController.compilersFactory`: how it builds validators and response serializers. */
export type SchemaCompilersFactory = Required<CompilersFactory>;

type RouteSchemaDef = Parameters<FastifySchemaCompiler<unknown>>[0];
type ValidateFunction = ReturnType<FastifySchemaCompiler<unknown>>;
type Serialize = (data: unknown) => string;
// A factory of per-route compilers, as Fastify calls it: (shared schemas, options) => compile(route).
type CompilerBuilder<Compiled> = (
  externalSchemas: Record<string, unknown>,
  options?: unknown,
) => (route: RouteSchemaDef) => Compiled;

/**
 * Fastify's own compilers, the ones it would build without this option (@fastify/ajv-compiler for
 * validation, @fastify/fast-json-stringify-compiler for response schemas), each loaded only when a
 * first schema is compiled: Ajv, fast-json-stringify and their dependencies are not even imported
 * by a server that has not yet validated a request.
 */
export function loadFastifyCompilers(): { buildValidator: () => unknown; buildSerializer: () => unknown } {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  return {
    buildValidator: () => (fromFastify('@fastify/ajv-compiler') as () => unknown)(),
    buildSerializer: () => (fromFastify('@fastify/fast-json-stringify-compiler') as () => unknown)(),
  };
}

/**
 * Fastify's schema compilers, compiling each route's schema on its first use instead of at start.
 *
 * Fastify compiles every route schema with Ajv when the route is registered: for Coffer's ~80
 * schemas that cost 11 MB of idle memory (the generated code, and the garbage of generating it, not
 * yet collected by a server that has just started), and loading Ajv and fast-json-stringify 2 MB
 * more, against a goal of 80 MB (docs/decisions.md). Compiled later, a schema costs about 2 ms
 * once, on its route's first validated request (the first one after a start also waits about 70 ms
 * for Ajv to load), and nothing on a route never called. The schemas, Ajv options and error
 * objects are Fastify's, so validation and its messages (validation-message.ts) do not change. A
 * schema Ajv cannot compile now fails on its first request (a 500) instead of at start:
 * lazy-schema-compilers.test.ts compiles every route's schemas, so a broken one still fails the tests.
 *
 * One difference is refused rather than hidden: Fastify lower-cases the property names of a
 * `headers` schema only for its default compiler, so a route with a headers schema stops the start.
 */
export function lazySchemaCompilers(load = loadFastifyCompilers): SchemaCompilersFactory {
  let compilers: ReturnType<typeof load> | undefined;
  const loaded = () => {
    compilers ??= load();
    return compilers;
  };
  const buildValidator = deferBuilder<ValidateFunction>(
    () => loaded().buildValidator() as CompilerBuilder<ValidateFunction>,
    (route, compile) => {
      if (route.httpPart === 'headers') {
        throw new Error('header schemas need Fastify’s default compiler, which lower-cases their names');
      }
      return validateCompiledOnFirstCall(compile);
    },
  );
  const buildSerializer = deferBuilder<Serialize>(
    () => loaded().buildSerializer() as CompilerBuilder<Serialize>,
    (_route, compile) => serializeCompiledOnFirstCall(compile),
  );
  return {
    buildValidator: buildValidator as SchemaCompilersFactory['buildValidator'],
    buildSerializer: buildSerializer as SchemaCompilersFactory['buildSerializer'],
  };
}

// The real builder is made on the first compilation, with the arguments Fastify gave at start.
function deferBuilder<Compiled>(
  createBuilder: () => CompilerBuilder<Compiled>,
  wrap: (route: RouteSchemaDef, compile: () => Compiled) => Compiled,
): CompilerBuilder<Compiled> {
  let builder: CompilerBuilder<Compiled> | undefined;
  return (externalSchemas, options) => {
    let compiler: ((route: RouteSchemaDef) => Compiled) | undefined;
    const compile = (route: RouteSchemaDef) => {
      builder ??= createBuilder();
      compiler ??= builder(externalSchemas, options);
      return compiler(route);
    };
    return (route) => wrap(route, () => compile(route));
  };
}

/**
 * A validate function that compiles the real one on its first call, then only forwards to it. It
 * keeps the contract Fastify relies on: the second argument (Ajv's parent data, passed when the
 * function has `schemaEnv`, as every Ajv function has) and `errors`, read after a failed call.
 */
export function validateCompiledOnFirstCall(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown, parent?: object) => {
    compiled ??= compile();
    return (compiled as (data: unknown, parent?: object) => ReturnType<ValidateFunction>)(data, parent);
  }) as ValidateFunction;
  Object.defineProperties(validate, {
    errors: { get: (): FastifySchemaValidationError[] | null | undefined => compiled?.errors },
    schemaEnv: { value: true },
  });
  return validate;
}

/** A response serializer compiled on its first call. */
export function serializeCompiledOnFirstCall(compile: () => Serialize): Serialize {
  let compiled: Serialize | undefined;
  return (data) => {
    compiled ??= compile();
    return compiled(data);
  };
}
