import { TRUST_CHECKPOINT_MAX_CHARS } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import {
  TRUST_CHECKPOINT_BEHIND_MESSAGE,
  TRUST_CHECKPOINT_INVALID_MESSAGE,
  TRUST_CHECKPOINT_TOO_LARGE_MESSAGE,
} from '../../services/trust-log/trust-checkpoint-service.js';
import {
  callApi,
  callAsRole,
  opaqueBlob,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import { buildSession, buildUser } from '../../test/factories.js';

// Issue 30: each user's signed checkpoint of the trust log (docs/server.md, "Trust log", "Checkpoint").

const PATH = '/api/v1/trust_log/checkpoint.json';

describe('the trust log checkpoint', () => {
  const setup = useChestScenario();
  const call = (role: ScenarioRole, method: 'GET' | 'PUT', payload?: object) =>
    callAsRole(setup, role, method, PATH, payload);

  /** Every stored checkpoint row, by user id, to prove a refusal changed nothing. */
  async function storedRows(): Promise<Record<string, { seq: number; signed: string; updated_at: string }>> {
    const rows = await setup.context.db
      .selectFrom('trust_checkpoints')
      .select(['user_id', 'seq', 'signed', 'updated_at'])
      .execute();
    return Object.fromEntries(rows.map(({ user_id, ...row }) => [user_id, { ...row, seq: Number(row.seq) }]));
  }

  it('is empty for every role before the first save; 401 without a session, nothing written', async () => {
    for (const role of SCENARIO_ROLES) {
      const response = await call(role, 'GET');
      expect(response.statusCode, role).toBe(200);
      expect(response.json(), role).toEqual({ seq: null, signed: null });
    }
    for (const method of ['GET', 'PUT'] as const) {
      const response = await setup.context.app.inject({
        method,
        url: PATH,
        ...(method === 'PUT' ? { payload: { seq: 1, signed: opaqueBlob() } } : {}),
      });
      expect(response.statusCode, method).toBe(401);
    }
    expect(await storedRows()).toEqual({});
  });

  it('keeps one checkpoint per user: every role stores and reads back its own and nobody else’s', async () => {
    const saved = new Map<ScenarioRole, { seq: number; signed: string }>();
    for (const [index, role] of SCENARIO_ROLES.entries()) {
      const checkpoint = { seq: 10 + index, signed: opaqueBlob() };
      const put = await call(role, 'PUT', checkpoint);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json(), role).toEqual(checkpoint);
      saved.set(role, checkpoint);
    }
    for (const role of SCENARIO_ROLES)
      expect((await call(role, 'GET')).json(), role).toEqual(saved.get(role));
    const rows = await setup.context.db
      .selectFrom('trust_checkpoints')
      .select(['user_id', 'organisation_id'])
      .execute();
    expect(rows).toHaveLength(SCENARIO_ROLES.length);
    for (const role of SCENARIO_ROLES) {
      const user = setup.scenario.users[role];
      expect(rows).toContainEqual({ user_id: user.id, organisation_id: user.organisation_id });
    }
  });

  it('moves forward only: an equal or higher seq replaces, a lower one is a 409 that changes nothing', async () => {
    const start = (await call('reader', 'GET')).json() as { seq: number; signed: string };
    const equal = { seq: start.seq, signed: opaqueBlob() };
    expect((await call('reader', 'PUT', equal)).statusCode).toBe(200);
    expect((await call('reader', 'GET')).json()).toEqual(equal);
    const higher = { seq: start.seq + 5, signed: opaqueBlob() };
    expect((await call('reader', 'PUT', higher)).json()).toEqual(higher);
    expect((await call('reader', 'GET')).json()).toEqual(higher);

    const before = await storedRows();
    const lower = await call('reader', 'PUT', { seq: higher.seq - 1, signed: opaqueBlob() });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toEqual({ error: TRUST_CHECKPOINT_BEHIND_MESSAGE });
    const zero = await call('reader', 'PUT', { seq: 0, signed: opaqueBlob() });
    expect(zero.statusCode).toBe(409);
    expect((await call('reader', 'GET')).json()).toEqual(higher);
    expect(await storedRows()).toEqual(before);
  });

  it('keeps the highest of saves racing each other', async () => {
    const base = ((await call('writer', 'GET')).json() as { seq: number }).seq;
    const seqs = [3, 9, 1, 7, 9, 2, 8, 5].map((step) => base + step);
    const answers = await Promise.all(
      seqs.map((seq) => call('writer', 'PUT', { seq, signed: opaqueBlob() })),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const stored = (await call('writer', 'GET')).json() as { seq: number; signed: string };
    expect(stored.seq).toBe(base + 9);
    // The blob stored is one of the saves at that seq that were answered 200.
    const accepted = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
    expect(accepted).toContainEqual(stored);
  });

  it('takes seq up to 2^53 - 1 and a blob of exactly the limit', async () => {
    const largest = { seq: Number.MAX_SAFE_INTEGER, signed: 'A'.repeat(TRUST_CHECKPOINT_MAX_CHARS) };
    const put = await call('outsider', 'PUT', largest);
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('outsider', 'GET')).json()).toEqual(largest);
  });

  it('refuses a body of the wrong shape, a blob that is not base64 and one over the limit with a 400', async () => {
    const good = { seq: 100, signed: opaqueBlob() };
    const bodies: [string, unknown, string?][] = [
      ['no seq', { signed: good.signed }, 'Field seq is required'],
      ['no signed', { seq: good.seq }],
      ['an empty body', {}],
      ['a negative seq', { ...good, seq: -1 }, 'Field seq is invalid'],
      ['a fractional seq', { ...good, seq: 1.5 }],
      ['a seq beyond 2^53 - 1', { ...good, seq: 2 ** 53 }],
      ['a seq that is an object', { ...good, seq: { n: 1 } }],
      ['a seq that is a list of two', { ...good, seq: [1, 2] }],
      ['a seq that is text', { ...good, seq: 'ten' }],
      ['an empty blob', { ...good, signed: '' }],
      ['a blob that is an object', { ...good, signed: { a: 'b' } }],
      ['a blob that is a list of two', { ...good, signed: ['a', 'b'] }],
      ['another field', { ...good, head: 'aGVhZA==' }, 'Field head is invalid'],
      ['a list for a body', [good]],
      ['a blob far over the limit', { ...good, signed: 'A'.repeat(TRUST_CHECKPOINT_MAX_CHARS * 2 + 4) }],
      ['a blob that is not base64', { ...good, signed: 'not base64!' }, TRUST_CHECKPOINT_INVALID_MESSAGE],
      [
        'a blob just over the limit',
        { ...good, signed: 'A'.repeat(TRUST_CHECKPOINT_MAX_CHARS + 4) },
        TRUST_CHECKPOINT_TOO_LARGE_MESSAGE,
      ],
    ];
    const before = await storedRows();
    for (const [name, body, message] of bodies) {
      const response = await call('manager', 'PUT', body as object);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      const { errors } = response.json() as { errors: string[] };
      expect(errors, name).toHaveLength(1);
      if (message) expect(errors, name).toEqual([message]);
    }
    const none = await setup.context.app.inject({
      method: 'PUT',
      url: PATH,
      headers: {
        authorization: `Bearer ${setup.scenario.tokens.manager}`,
        'content-type': 'application/json',
      },
      payload: '',
    });
    expect(none.statusCode).toBe(400);
    expect(await storedRows()).toEqual(before);
  });

  it('goes with its user', async () => {
    const { db } = setup.context;
    const leaving = await buildUser(db, { organisation_id: setup.scenario.users.owner.organisation_id });
    const token = await buildSession(db, leaving);
    const put = await callApi(setup.context.app, token, 'PUT', PATH, { seq: 3, signed: opaqueBlob() });
    expect(put.statusCode).toBe(200);
    const removed = await callApi(
      setup.context.app,
      setup.scenario.tokens.administrator,
      'DELETE',
      `/api/v1/users/${leaving.id}.json`,
    );
    expect(removed.statusCode).toBe(204);
    const rows = await db
      .selectFrom('trust_checkpoints')
      .select('user_id')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
