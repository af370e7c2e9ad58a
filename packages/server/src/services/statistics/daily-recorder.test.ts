import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { createProcessData } from '../../test/server-process.js';
import { seedVariedOrganisation } from '../../test/statistics-seed.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { countSnapshotFigures } from './daily-figures.js';
import { MAX_FILL_DAYS, missingDays, recordMissingDays } from './daily-recorder.js';
import {
  delayUntilNextRun,
  RUN_AFTER_MIDNIGHT_MS,
  RUN_SPREAD_MS,
  startStatisticsRecorder,
} from './recorder-job.js';
import { METRICS } from './statistics-metrics.js';
import { addDays, dayOf, daysFrom } from './utc-days.js';

const NOW = new Date();
const TODAY = dayOf(NOW);
const YESTERDAY = addDays(TODAY, -1);

/** An organisation (with an owner) made `daysAgo` days ago. */
async function organisationMade(db: Kysely<Database>, daysAgo: number): Promise<string> {
  const owner = await buildUser(db, { administrator: true });
  await db
    .updateTable('organisations')
    .set({ created_at: `${addDays(TODAY, -daysAgo)}T08:00:00.000Z` })
    .where('id', '=', owner.organisation_id)
    .execute();
  return owner.organisation_id;
}

async function recordsOf(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom('data_records')
    .select(['metric', 'value', 'recorded_on'])
    .where('organisation_id', '=', organisationId)
    .orderBy('recorded_on')
    .orderBy('metric')
    .execute();
}

async function recordedDays(db: Kysely<Database>, organisationId: string): Promise<string[]> {
  return [...new Set((await recordsOf(db, organisationId)).map((row) => row.recorded_on))];
}

/** Stored records of a day, as metric → value. */
async function dayValues(db: Kysely<Database>, organisationId: string, day: string) {
  const rows = (await recordsOf(db, organisationId)).filter((row) => row.recorded_on === day);
  return Object.fromEntries(rows.map((row) => [row.metric, Number(row.value)]));
}

/** Puts records of one day in place, as an earlier run would have. */
async function recordDay(
  db: Kysely<Database>,
  organisationId: string,
  day: string,
  value = 7,
): Promise<void> {
  await db
    .insertInto('data_records')
    .values(
      METRICS.map(({ metric }) => ({
        id: randomUUID(),
        organisation_id: organisationId,
        metric,
        value,
        recorded_on: day,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
}

/** Fails when any (metric, day) was written twice. */
async function expectOneRowPerMetricAndDay(db: Kysely<Database>, organisationId: string, days: string[]) {
  const rows = await recordsOf(db, organisationId);
  expect(rows).toHaveLength(days.length * METRICS.length);
  expect(new Set(rows.map((row) => `${row.metric}/${row.recorded_on}`)).size).toBe(rows.length);
  expect(await recordedDays(db, organisationId)).toEqual(days);
}

describe('which days an organisation lacks', () => {
  it('starts with yesterday, or the first day of an organisation made since', () => {
    expect(missingDays({ newest: null, createdDay: '2026-01-01', yesterday: '2026-03-10' })).toEqual([
      '2026-03-10',
    ]);
    expect(missingDays({ newest: null, createdDay: '2026-03-10', yesterday: '2026-03-10' })).toEqual([
      '2026-03-10',
    ]);
    expect(missingDays({ newest: null, createdDay: '2026-03-11', yesterday: '2026-03-10' })).toEqual([]);
  });

  it('fills from the day after the newest record, at most MAX_FILL_DAYS back', () => {
    expect(missingDays({ newest: '2026-03-10', createdDay: '2026-01-01', yesterday: '2026-03-10' })).toEqual(
      [],
    );
    expect(missingDays({ newest: '2026-03-07', createdDay: '2026-01-01', yesterday: '2026-03-10' })).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    const long = missingDays({ newest: '2025-01-01', createdDay: '2024-01-01', yesterday: '2026-03-10' });
    expect(long).toHaveLength(MAX_FILL_DAYS);
    expect(long.at(-1)).toBe('2026-03-10');
  });
});

describe('the next daily run', () => {
  it('comes shortly after the coming midnight UTC, spread by the random share', () => {
    expect(delayUntilNextRun(new Date('2026-03-01T23:59:00.000Z'), 0)).toBe(60_000 + RUN_AFTER_MIDNIGHT_MS);
    expect(delayUntilNextRun(new Date('2026-03-01T00:00:00.000Z'), 0.5)).toBe(
      86_400_000 + RUN_AFTER_MIDNIGHT_MS + RUN_SPREAD_MS / 2,
    );
    // The last day of a month and of a year roll over like any other.
    expect(delayUntilNextRun(new Date('2026-12-31T12:00:00.000Z'), 0)).toBe(
      12 * 3_600_000 + RUN_AFTER_MIDNIGHT_MS,
    );
  });
});

describe('the daily recorder', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records yesterday with every figure as counted, and nothing for an organisation made today', async () => {
    const { db } = context;
    const seeded = await seedVariedOrganisation(db, 1);
    await db
      .updateTable('organisations')
      .set({ created_at: `${addDays(TODAY, -10)}T08:00:00.000Z` })
      .where('id', '=', seeded.organisationId)
      .execute();
    const young = await organisationMade(db, 0);

    const outcome = await recordMissingDays(db, { now: NOW });
    expect(outcome.records).toBeGreaterThanOrEqual(METRICS.length);
    await expectOneRowPerMetricAndDay(db, seeded.organisationId, [YESTERDAY]);
    const snapshot = await countSnapshotFigures(db, seeded.organisationId);
    // Yesterday had no audit entries: the seed wrote its rows directly.
    expect(await dayValues(db, seeded.organisationId, YESTERDAY)).toEqual({
      ...snapshot,
      sign_ins: 0,
      secrets_created: 0,
      secrets_removed: 0,
      rotated_this_month: 0,
    });
    expect(await recordsOf(db, young)).toEqual([]);
  });

  it('is idempotent: a second run writes nothing and changes nothing', async () => {
    const { db } = context;
    const organisationId = await organisationMade(db, 3);
    await recordMissingDays(db, { now: NOW });
    const before = await recordsOf(db, organisationId);
    expect(before).toHaveLength(METRICS.length);
    await buildUser(db, { organisation_id: organisationId });
    const again = await recordMissingDays(db, { now: NOW });
    expect(again).toEqual({ organisations: 0, records: 0 });
    expect(await recordsOf(db, organisationId)).toEqual(before);
  });

  it('fills the days missed since the newest record, each with its own audited events', async () => {
    const { db } = context;
    const organisationId = await organisationMade(db, 40);
    await recordDay(db, organisationId, addDays(TODAY, -5));
    // Two sign-ins three days ago, one yesterday: exact per day, unlike the counts of rows.
    const signIns = [addDays(TODAY, -3), addDays(TODAY, -3), YESTERDAY];
    await db
      .insertInto('audit_log_entries')
      .values(
        signIns.map((day) => ({
          id: randomUUID(),
          organisation_id: organisationId,
          user_id: null,
          user_string: 'Someone (someone@example.test)',
          action: 'Signed in',
          object_type: 'User',
          object_id: null,
          created_at: `${day}T12:00:00.000Z`,
        })),
      )
      .execute();

    await recordMissingDays(db, { now: NOW });
    expect(await recordedDays(db, organisationId)).toEqual(daysFrom(addDays(TODAY, -5), YESTERDAY));
    // The earlier record is left as it was.
    expect(new Set(Object.values(await dayValues(db, organisationId, addDays(TODAY, -5))))).toEqual(
      new Set([7]),
    );
    const signInsOn = async (day: string) => (await dayValues(db, organisationId, day)).sign_ins;
    expect(await signInsOn(addDays(TODAY, -4))).toBe(0);
    expect(await signInsOn(addDays(TODAY, -3))).toBe(2);
    expect(await signInsOn(addDays(TODAY, -2))).toBe(0);
    expect(await signInsOn(YESTERDAY)).toBe(1);
    // Counts of rows are as of the run, on every filled day.
    expect(await dayValues(db, organisationId, addDays(TODAY, -4))).toMatchObject({ users_accepted: 1 });
    expect(await dayValues(db, organisationId, YESTERDAY)).toMatchObject({ users_accepted: 1 });
  });

  it('fills no further back than MAX_FILL_DAYS', async () => {
    const { db } = context;
    const organisationId = await organisationMade(db, 200);
    await recordDay(db, organisationId, addDays(TODAY, -100));
    await recordMissingDays(db, { now: NOW });
    const days = await recordedDays(db, organisationId);
    expect(days).toEqual([
      addDays(TODAY, -100),
      ...daysFrom(addDays(YESTERDAY, -(MAX_FILL_DAYS - 1)), YESTERDAY),
    ]);
  });

  it('writes one record per metric and day when two recorders race on one connection pool', async () => {
    const { db } = context;
    const organisationId = await organisationMade(db, 20);
    await recordDay(db, organisationId, addDays(TODAY, -4));
    const outcomes = await Promise.all([
      recordMissingDays(db, { now: NOW }),
      recordMissingDays(db, { now: NOW }),
      recordMissingDays(db, { now: NOW }),
    ]);
    await expectOneRowPerMetricAndDay(db, organisationId, daysFrom(addDays(TODAY, -4), YESTERDAY));
    // Together they wrote each missing row once, whoever came first.
    const written = outcomes.reduce((sum, outcome) => sum + outcome.records, 0);
    expect(written).toBeGreaterThanOrEqual(3 * METRICS.length);
  });

  it('writes one record per metric and day when two servers (two connection pools) race', async () => {
    const data = await createProcessData();
    const [first, second] = await Promise.all([data.open(), data.open()]);
    try {
      const organisations = [];
      for (let index = 0; index < 5; index += 1) organisations.push(await organisationMade(first.db, 3));
      const [a, b] = await Promise.all([
        recordMissingDays(first.db, { now: NOW }),
        recordMissingDays(second.db, { now: NOW }),
      ]);
      expect(a.records + b.records).toBe(organisations.length * METRICS.length);
      for (const organisationId of organisations) {
        await expectOneRowPerMetricAndDay(first.db, organisationId, [YESTERDAY]);
      }
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
      await data.drop();
    }
  });

  it('fills missed days when it starts, runs again after midnight, and stops when asked', async () => {
    const { db } = context;
    const organisationId = await organisationMade(db, 30);
    await recordDay(db, organisationId, addDays(TODAY, -3));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = NOW;
    const recorder = startStatisticsRecorder(db, context.app.log, { now: () => clock, random: () => 0 });
    await recorder.idle();
    expect(await recordedDays(db, organisationId)).toEqual(daysFrom(addDays(TODAY, -3), YESTERDAY));

    // The next day: the timer fires after midnight and records today, now over.
    const delay = delayUntilNextRun(NOW, 0);
    clock = new Date(NOW.getTime() + delay);
    await vi.advanceTimersByTimeAsync(delay);
    await recorder.idle();
    expect(await recordedDays(db, organisationId)).toEqual(daysFrom(addDays(TODAY, -3), TODAY));

    // Stopped: two more midnights pass without a run.
    await recorder.stop();
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    await vi.advanceTimersByTimeAsync(3 * 86_400_000);
    await recorder.idle();
    expect(await recordedDays(db, organisationId)).toEqual(daysFrom(addDays(TODAY, -3), TODAY));
  });
});
