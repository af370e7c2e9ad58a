import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { parseNestedForm } from './parse-nested-form.js';

/**
 * JSON (Fastify's secure parser, which refuses __proto__ and constructor keys) where an empty
 * body means "no body" instead of an error, since clients often send the JSON content type on
 * a bodiless DELETE; and form-encoded bodies parsed into nested objects (`user[email]`).
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  await app.register(formbody, { parser: parseNestedForm });
}
