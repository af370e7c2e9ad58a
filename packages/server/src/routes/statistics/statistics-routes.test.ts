import { randomUUID } from 'node:crypto';
import type {
  AllTimeDataRecordsResponse,
  DateRangeDataRecordsResponse,
  StatisticsMetric,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import {
  FROM_DATE_MESSAGE,
  RANGE_LENGTH_MESSAGE,
  RANGE_ORDER_MESSAGE,
  TO_DATE_MESSAGE,
} from '../../services/statistics/date-range-input.js';
import { METRICS } from '../../services/statistics/statistics-metrics.js';
import { addDays, dayOf } from '../../services/statistics/utc-days.js';
import {
  buildChestScenario,
  type ChestScenario,
  callApi,
  SCENARIO_ROLES,
  type ScenarioRole,
} from '../../test/chest-scenario.js';
import { buildChest, buildSession, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const NO_PERMISSION = { error: 'You do not have permission to do that.' };
const DATA_ADMIN_MESSAGE = 'Only the owner can change who is a data administrator.';
const ALL_TIME = '/api/v1/all_time_data_records.json';
const TODAY = dayOf(new Date());
const range = (from: string, to: string) => `/api/v1/date_range_data_records.json?from=${from}&to=${to}`;

/** Stores one day's records of the given values (every metric gets `base` unless named). */
async function recordDay(
  db: Kysely<Database>,
  organisationId: string,
  day: string,
  base: number,
  values: Partial<Record<StatisticsMetric, number>> = {},
): Promise<void> {
  await db
    .insertInto('data_records')
    .values(
      METRICS.map(({ metric }) => ({
        id: randomUUID(),
        organisation_id: organisationId,
        metric,
        value: values[metric] ?? base,
        recorded_on: day,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
}

describe('statistics calls (data administrators)', () => {
  let context: TestContext;
  let s: ChestScenario;
  let organisationId: string;

  beforeAll(async () => {
    context = await createTestContext();
    s = await buildChestScenario(context.db);
    organisationId = s.users.owner.organisation_id;
  });
  afterAll(async () => {
    await context.close();
  });

  const get = (role: ScenarioRole, url: string) => callApi(context.app, s.tokens[role], 'GET', url);

  describe('who may call them', () => {
    it('refuses every role without the flag, the owner and administrators included', async () => {
      for (const role of SCENARIO_ROLES) {
        for (const url of [ALL_TIME, range(addDays(TODAY, -7), TODAY)]) {
          const answer = await get(role, url);
          expect([role, answer.statusCode]).toEqual([role, 403]);
          expect(answer.json()).toEqual(NO_PERMISSION);
        }
      }
      // Refused before the range is read: no hint about what would have been answered.
      expect((await get('reader', range('bad', 'worse'))).statusCode).toBe(403);
    });

    it('answers to anyone the owner gives the flag, until the owner takes it back', async () => {
      const give = (target: ScenarioRole, value: boolean) =>
        callApi(context.app, s.tokens.owner, 'PUT', `/api/v1/users/${s.users[target].id}.json`, {
          user: { data_administrator: value },
        });
      // A member who is no administrator, an administrator, and the owner on themself.
      for (const role of ['reader', 'administrator', 'owner'] as const) {
        const given = await give(role, true);
        expect(given.statusCode).toBe(200);
        expect(given.json()).toMatchObject({ id: s.users[role].id, data_administrator: true });
        expect((await get(role, ALL_TIME)).statusCode).toBe(200);
        expect((await get(role, range(TODAY, TODAY))).statusCode).toBe(200);
      }
      for (const role of ['reader', 'administrator', 'owner'] as const) {
        expect((await give(role, false)).json()).toMatchObject({ data_administrator: false });
        expect((await get(role, ALL_TIME)).statusCode).toBe(403);
      }
      const entries = await context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('organisation_id', '=', organisationId)
        .where('object_id', '=', s.users.reader.id)
        .where('action', 'like', '%data administrator%')
        .execute();
      expect(entries.map((entry) => entry.action).sort()).toEqual(
        [
          `Updated user ${s.users.reader.name} (${s.users.reader.email}): data administrator rights removed`,
          `Updated user ${s.users.reader.name} (${s.users.reader.email}): made data administrator`,
        ].sort(),
      );
    });

    it('lets nobody but the owner give or take the flag, on anyone or on themself', async () => {
      const target = await buildUser(context.db, { organisation_id: organisationId });
      const holder = await buildUser(context.db, {
        organisation_id: organisationId,
        data_administrator: true,
      });
      const attempts: [ScenarioRole, string, boolean][] = [];
      for (const role of SCENARIO_ROLES.filter((r) => r !== 'owner')) {
        attempts.push([role, target.id, true], [role, holder.id, false]);
        // The stranger owns their own organisation, where the flag is theirs to give.
        if (role !== 'stranger') attempts.push([role, s.users[role].id, true]);
      }
      for (const [role, userId, value] of attempts) {
        const answer = await callApi(context.app, s.tokens[role], 'PUT', `/api/v1/users/${userId}.json`, {
          user: { data_administrator: value },
        });
        // Another organisation's user is not found; an administrator is told why; others are refused.
        const expected = role === 'stranger' ? 404 : 403;
        expect([role, answer.statusCode]).toEqual([role, expected]);
        if (role === 'administrator') expect(answer.json()).toEqual({ error: DATA_ADMIN_MESSAGE });
      }
      // A data administrator who is no owner cannot pass the flag on either.
      const holderToken = await buildSession(context.db, holder);
      const passed = await callApi(context.app, holderToken, 'PUT', `/api/v1/users/${target.id}.json`, {
        user: { data_administrator: true },
      });
      expect(passed.statusCode).toBe(403);
      const flags = await context.db
        .selectFrom('users')
        .select(['id', 'data_administrator'])
        .where('id', 'in', [target.id, holder.id, ...SCENARIO_ROLES.map((role) => s.users[role].id)])
        .execute();
      const holding = flags.filter((row) => Boolean(row.data_administrator)).map((row) => row.id);
      expect(holding).toEqual([holder.id]);
    });
  });

  describe('all_time_data_records', () => {
    let token: string;
    let otherOrganisationId: string;

    beforeAll(async () => {
      const analyst = await buildUser(context.db, {
        organisation_id: organisationId,
        data_administrator: true,
      });
      token = await buildSession(context.db, analyst);
      otherOrganisationId = s.users.stranger.organisation_id;
    });

    const allTime = async () => {
      const answer = await callApi(context.app, token, 'GET', ALL_TIME);
      expect(answer.statusCode).toBe(200);
      return answer.json() as AllTimeDataRecordsResponse;
    };

    it("shows today's figures so far before the first record, counted once and kept until the record", async () => {
      // An organisation registered today: its data administrator, a pending user and a chest.
      const analyst = await buildUser(context.db, { data_administrator: true });
      const newOrganisationId = analyst.organisation_id;
      await buildUser(context.db, { organisation_id: newOrganisationId, confirmed_at: null });
      await buildChest(context.db, newOrganisationId);
      const ask = async (url: string) => {
        const answer = await callApi(context.app, await buildSession(context.db, analyst), 'GET', url);
        expect(answer.statusCode).toBe(200);
        return answer.json();
      };
      const stat = (answer: AllTimeDataRecordsResponse, id: StatisticsMetric) =>
        answer.items.find((item) => item.id === id)?.stat;

      const first = (await ask(ALL_TIME)) as AllTimeDataRecordsResponse;
      expect(first).toMatchObject({ recorded_on: TODAY, so_far: true });
      expect(first.items.map((card) => card.id)).toEqual(METRICS.map(({ metric }) => metric));
      expect(stat(first, 'chests')).toBe(1);
      expect(stat(first, 'users_accepted')).toBe(1);
      expect(stat(first, 'users_pending')).toBe(1);
      // Nothing to compare with yet: no card shows a change.
      expect(first.items.every((card) => card.percentage === 0 && card.increase)).toBe(true);

      // Counted once a day: a chest added since changes nothing until the record.
      await buildChest(context.db, newOrganisationId);
      expect(await ask(ALL_TIME)).toEqual(first);

      // The chart's today has the same figures; the day before has none.
      const days = (await ask(range(addDays(TODAY, -1), TODAY))) as DateRangeDataRecordsResponse;
      expect(days.days[0]?.values).toEqual({});
      expect(days.days[1]?.values).toMatchObject({ chests: 1, users_accepted: 1, users_pending: 1 });

      // Once the night's record exists, it wins, on both calls.
      await recordDay(context.db, newOrganisationId, addDays(TODAY, -1), 77);
      const recorded = (await ask(ALL_TIME)) as AllTimeDataRecordsResponse;
      expect(recorded).toMatchObject({ recorded_on: addDays(TODAY, -1), so_far: false });
      expect(stat(recorded, 'chests')).toBe(77);
      expect((await ask(range(TODAY, TODAY))).days).toEqual([{ date: TODAY, values: {} }]);
    });

    it('shows the newest record against the first while the records are younger than 30 days', async () => {
      await recordDay(context.db, organisationId, addDays(TODAY, -12), 10, { users_pending: 4, teams: 0 });
      await recordDay(context.db, organisationId, addDays(TODAY, -11), 99);
      await recordDay(context.db, organisationId, addDays(TODAY, -10), 15, { users_pending: 3, teams: 2 });
      // Another organisation's newer and larger figures are never seen here.
      await recordDay(context.db, otherOrganisationId, addDays(TODAY, -1), 5_000);

      const answer = await allTime();
      expect(answer.recorded_on).toBe(addDays(TODAY, -10));
      expect(answer.items.map((card) => card.id)).toEqual(METRICS.map(({ metric }) => metric));
      const card = (id: StatisticsMetric) => answer.items.find((item) => item.id === id);
      expect(card('users_accepted')).toEqual({
        id: 'users_accepted',
        title: 'Accepted users',
        stat: 15,
        currency: false,
        increase: true,
        percentage: 50,
      });
      expect(card('users_pending')).toMatchObject({ stat: 3, increase: false, percentage: 25 });
      expect(card('teams')).toMatchObject({ stat: 2, increase: true, percentage: 100 });
      expect(card('monthly_cost_pence')).toMatchObject({ title: 'Monthly cost', currency: true, stat: 15 });
      expect(JSON.stringify(answer)).not.toContain('5000');
    });

    it('compares with the record 30 days before the newest, or the nearest one before that', async () => {
      await recordDay(context.db, organisationId, addDays(TODAY, -45), 1_000);
      await recordDay(context.db, organisationId, addDays(TODAY, -32), 40, { weak_secrets: 8 });
      await recordDay(context.db, organisationId, addDays(TODAY, -1), 30, { weak_secrets: 9, chests: 0 });
      const answer = await allTime();
      expect(answer.recorded_on).toBe(addDays(TODAY, -1));
      const card = (id: StatisticsMetric) => answer.items.find((item) => item.id === id);
      // 30 days before the newest has no record; the one two days earlier is used.
      expect(card('users_accepted')).toMatchObject({ stat: 30, increase: false, percentage: 25 });
      expect(card('weak_secrets')).toMatchObject({ stat: 9, increase: true, percentage: 13 });
      expect(card('chests')).toMatchObject({ stat: 0, increase: false, percentage: 100 });
    });
  });

  describe('date_range_data_records', () => {
    let token: string;

    beforeAll(async () => {
      const other = await buildUser(context.db, { administrator: true, data_administrator: true });
      token = await buildSession(context.db, other);
      const mine = other.organisation_id;
      await recordDay(context.db, mine, '2026-01-02', 2, { sign_ins: 20 });
      await recordDay(context.db, mine, '2026-01-04', 4, { sign_ins: 40 });
      // Someone else's day inside the range.
      await recordDay(context.db, organisationId, '2026-01-03', 3);
    });

    const ask = (url: string) => callApi(context.app, token, 'GET', url);

    it('answers every day of the range, oldest first, with the figures recorded that day', async () => {
      const answer = await ask(range('2026-01-01', '2026-01-05'));
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as DateRangeDataRecordsResponse;
      expect(body.from).toBe('2026-01-01');
      expect(body.to).toBe('2026-01-05');
      expect(body.days.map((day) => day.date)).toEqual([
        '2026-01-01',
        '2026-01-02',
        '2026-01-03',
        '2026-01-04',
        '2026-01-05',
      ]);
      expect(body.days.map((day) => day.values.sign_ins ?? null)).toEqual([null, 20, null, 40, null]);
      expect(body.days[3]?.values).toMatchObject({ users_accepted: 4, monthly_cost_pence: 4 });
      expect(Object.keys(body.days[1]?.values ?? {}).sort()).toEqual(
        METRICS.map(({ metric }) => metric).sort(),
      );
    });

    it('answers a single day and a range of 366 days', async () => {
      expect((await ask(range('2026-01-04', '2026-01-04'))).json().days).toHaveLength(1);
      const year = await ask(range('2024-01-01', '2024-12-31'));
      expect(year.statusCode).toBe(200);
      expect(year.json().days).toHaveLength(366);
    });

    it.each([
      ['a missing start', '/api/v1/date_range_data_records.json?to=2026-01-01', FROM_DATE_MESSAGE],
      ['a missing end', '/api/v1/date_range_data_records.json?from=2026-01-01', TO_DATE_MESSAGE],
      ['no dates at all', '/api/v1/date_range_data_records.json', FROM_DATE_MESSAGE],
      ['a start in another format', range('01/02/2026', '2026-01-05'), FROM_DATE_MESSAGE],
      ['an end that is no day', range('2026-01-01', '2026-02-30'), TO_DATE_MESSAGE],
      ['a time instead of a day', range('2026-01-01T00:00:00Z', '2026-01-05'), FROM_DATE_MESSAGE],
      ['a start after the end', range('2026-01-05', '2026-01-04'), RANGE_ORDER_MESSAGE],
      ['367 days', range('2024-01-01', '2025-01-01'), RANGE_LENGTH_MESSAGE],
    ])('refuses %s with a 400 that says why', async (_case, url, message) => {
      const answer = await ask(url);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errors: [message] });
    });
  });
});
