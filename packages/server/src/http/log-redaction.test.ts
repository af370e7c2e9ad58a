import { describe, expect, it } from 'vitest';
import { CENSOR, REDACTED_FIELDS, redactLogObject } from './log-redaction.js';

describe('log redaction', () => {
  it('answers a line with nothing to hide as it is, without copying it', () => {
    const line = { method: 'GET', url: '/api/v1/secrets.json', statusCode: 200, responseTime: 1.5 };
    expect(redactLogObject(line)).toBe(line);
  });

  it('hides every listed field down to four levels, arrays included, and leaves the logged object alone', () => {
    for (const field of REDACTED_FIELDS) {
      const line = {
        [field]: 'level 0',
        body: { [field]: 'level 1', user: { [field]: 'level 2' }, keys: [{ [field]: 'level 3' }] },
        deep: { a: { b: { c: { [field]: 'level 4' } } } },
        kept: 'visible',
      };
      const before = structuredClone(line);
      const redacted = redactLogObject(line) as typeof line;
      expect(redacted[field]).toBe(CENSOR);
      expect(redacted.body[field]).toBe(CENSOR);
      expect(redacted.body.user[field]).toBe(CENSOR);
      expect(redacted.body.keys[0]?.[field]).toBe(CENSOR);
      expect(Array.isArray(redacted.body.keys)).toBe(true);
      // As pino's paths did: four levels (`*.*.*.field`), no deeper.
      expect(redacted.deep.a.b.c[field]).toBe('level 4');
      expect(redacted.kept).toBe('visible');
      expect(line).toEqual(before);
    }
  });

  it('hides the authorization and cookie headers of any headers object, whatever their case', () => {
    const redacted = redactLogObject({
      headers: { Authorization: 'Bearer abc', cookie: 'session=1', accept: 'application/json' },
      res: { headers: { 'set-cookie': 'session=2' } },
      authorization: 'not a header here',
    }) as Record<string, Record<string, unknown>>;
    expect(redacted.headers).toEqual({ Authorization: CENSOR, cookie: CENSOR, accept: 'application/json' });
    expect(redacted.res?.headers).toEqual({ 'set-cookie': CENSOR });
    expect(redacted.authorization).toBe('not a header here');
  });

  it('keeps an error an error, with its message and stack, when it hides one of its fields', () => {
    const error = Object.assign(new TypeError('refused'), { token: 'one-time', code: 'E_REFUSED' });
    const redacted = redactLogObject({ err: error }) as { err: TypeError & { token: string; code: string } };
    expect(redacted.err).toBeInstanceOf(TypeError);
    expect(redacted.err.message).toBe('refused');
    expect(redacted.err.stack).toBe(error.stack);
    expect(redacted.err.token).toBe(CENSOR);
    expect(redacted.err.code).toBe('E_REFUSED');
    expect(error.token).toBe('one-time');
  });

  it('leaves class instances to their serializers', () => {
    class Request {
      token = 'inside an instance';
    }
    const request = new Request();
    expect((redactLogObject({ req: request }) as { req: Request }).req).toBe(request);
  });
});
