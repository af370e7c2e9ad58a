import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChest, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { todaysFigures } from './todays-figures.js';
import { addDays, dayOf } from './utc-days.js';

describe("today's figures before the first record", () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('are counted once a day: calls that day share the count, the next day counts again', async () => {
    const { organisation_id: organisationId } = await buildUser(context.db);
    await buildChest(context.db, organisationId);
    const today = dayOf(new Date());

    const [first, concurrent] = await Promise.all([
      todaysFigures(context.db, organisationId, today),
      todaysFigures(context.db, organisationId, today),
    ]);
    expect(first.chests).toBe(1);
    expect(concurrent).toBe(first);

    await buildChest(context.db, organisationId);
    expect((await todaysFigures(context.db, organisationId, today)).chests).toBe(1);
    expect((await todaysFigures(context.db, organisationId, addDays(today, 1))).chests).toBe(2);
  });

  it("count each organisation's own rows", async () => {
    const today = dayOf(new Date());
    const { organisation_id: one } = await buildUser(context.db);
    const { organisation_id: other } = await buildUser(context.db);
    await buildChest(context.db, other);
    await buildChest(context.db, other);
    expect((await todaysFigures(context.db, one, today)).chests).toBe(0);
    expect((await todaysFigures(context.db, other, today)).chests).toBe(2);
  });
});
