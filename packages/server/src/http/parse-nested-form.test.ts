import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { parseNestedForm } from './parse-nested-form.js';

describe('parseNestedForm', () => {
  it('nests bracketed keys as the registration form sends them', () => {
    const body =
      'user%5Bemail%5D=a%40b.test&user[name]=Ada+Lovelace&user[owned_organisation_attributes][name]=Acme+%26+Co' +
      '&user[termsOfService]=true';
    expect(parseNestedForm(body)).toEqual({
      user: {
        email: 'a@b.test',
        name: 'Ada Lovelace',
        owned_organisation_attributes: { name: 'Acme & Co' },
        termsOfService: 'true',
      },
    });
  });

  it('collects `[]` keys into arrays and keeps the last of repeated keys', () => {
    expect(parseNestedForm('team_ids[]=a&team_ids[]=b&name=x&name=y')).toEqual({
      team_ids: ['a', 'b'],
      name: 'y',
    });
  });

  it('refuses keys that could reach an object prototype', () => {
    for (const body of [
      '__proto__[admin]=1',
      'user[__proto__][admin]=1',
      'constructor[prototype][x]=1',
      'user[prototype]=1',
    ]) {
      expect(() => parseNestedForm(body), body).toThrow('Malformed form body');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses conflicting, malformed and too deep keys', () => {
    for (const body of [
      'user=a&user[name]=b',
      'user[name]=b&user=a',
      'a[b=1',
      'a[][b]=1',
      '[x]=1',
      'a[b][c][d][e][f][g]=1',
    ]) {
      expect(() => parseNestedForm(body), body).toThrow('Malformed form body');
    }
  });
});

describe('form-encoded requests', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
    context.app.post(
      '/users/test/form',
      {
        schema: {
          body: {
            type: 'object',
            required: ['user'],
            properties: {
              user: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
            },
          },
        },
      },
      async (request) => request.body,
    );
  });
  afterAll(async () => {
    await context.close();
  });

  function postForm(payload: string) {
    return context.app.inject({
      method: 'POST',
      url: '/users/test/form.json',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it('reaches the route as nested objects, validated by its schema', async () => {
    const response = await postForm('user[email]=a%40b.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { email: 'a@b.test' } });
    expect((await postForm('user[name]=x')).json()).toEqual({ errors: ['Field user.email is required'] });
  });

  it('answers a prototype-polluting form with 400', async () => {
    const response = await postForm('user[email]=a&user[__proto__][administrator]=true');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Malformed form body'] });
  });
});
