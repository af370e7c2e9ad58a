import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_FREE_PLAN_TOTAL_BYTES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TEAM_PLAN_TOTAL_BYTES,
  attachmentTooLargeMessage,
  attachmentTotalReachedMessage,
} from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttachment } from '../../repositories/attachment-repository.js';
import { startUpload } from '../../test/attachment-helpers.js';
import { BILLING_API, buildBillingOrganisation } from '../../test/billing-fixtures.js';
import { callApi } from '../../test/chest-scenario.js';
import { buildChest, buildSecret } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const MB = 1024 * 1024;

/**
 * The size limits of issue 27: a file over ATTACHMENT_MAX_BYTES is 413; an organisation's files
 * (pending uploads included) within 1 GB on the Team Plan, 50 MB on the free plan, and the
 * configured ATTACHMENT_ORG_MAX_BYTES with BILLING=off. A refusal writes nothing.
 */
function limitTests(env: Record<string, string>, run: (get: () => TestContext) => void) {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ env });
  });
  afterAll(async () => {
    await context.close();
  });
  run(() => context);
}

/** An organisation with its owner's secret, and bytes already stored as one earlier upload. */
async function organisationUsing(context: TestContext, usedBytes: number) {
  const org = await buildBillingOrganisation(context.db);
  const chest = await buildChest(context.db, org.organisationId);
  const secret = await buildSecret(context.db, org.owner, chest.id, { readerIds: [org.owner.id] });
  if (usedBytes > 0) {
    await insertAttachment(context.db, {
      id: randomUUID(),
      organisationId: org.organisationId,
      secretId: secret.id,
      createdBy: org.owner.id,
      size: usedBytes,
      chunkCount: Math.ceil(usedBytes / MB),
      createdAt: new Date().toISOString(),
    });
  }
  const start = (size: number) => startUpload(context.app, org.ownerToken, secret.id, size);
  const rows = async () =>
    (
      await context.db
        .selectFrom('attachments')
        .select('id')
        .where('organisation_id', '=', org.organisationId)
        .execute()
    ).length;
  const storage = async () =>
    (await callApi(context.app, org.ownerToken, 'GET', '/api/v1/organisation/attachment-storage')).json();
  return { org, start, rows, storage };
}

describe('attachment limits with BILLING=off: the configured totals', () => {
  limitTests({ ATTACHMENT_ORG_MAX_BYTES: String(15 * MB) }, (get) => {
    it('refuses a file over ATTACHMENT_MAX_BYTES with 413 and writes nothing', async () => {
      const { start, rows } = await organisationUsing(get(), 0);
      const response = await start(ATTACHMENT_MAX_BYTES + 1);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ errors: [attachmentTooLargeMessage(ATTACHMENT_MAX_BYTES)] });
      expect(response.json().errors[0]).toBe('This file is too large. Files can be at most 10 MB.');
      expect(await rows()).toBe(0);
      expect((await start(ATTACHMENT_MAX_BYTES)).statusCode).toBe(201);
    });

    it('counts pending uploads against ATTACHMENT_ORG_MAX_BYTES and refuses past it', async () => {
      const { start, rows, storage } = await organisationUsing(get(), 0);
      expect((await start(10 * MB)).statusCode).toBe(201);
      const over = await start(5 * MB + 1);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ errors: [attachmentTotalReachedMessage(15 * MB)] });
      expect(await rows()).toBe(1);
      expect((await start(5 * MB)).statusCode).toBe(201);
      expect(await storage()).toMatchObject({ used: 15 * MB, total: 15 * MB });
      expect((await start(0)).statusCode).toBe(201);
      expect((await start(1)).statusCode).toBe(400);
    });
  });

  limitTests({ ATTACHMENT_MAX_BYTES: String(2 * MB) }, (get) => {
    it('reads ATTACHMENT_MAX_BYTES from the environment', async () => {
      const { start } = await organisationUsing(get(), 0);
      const response = await start(2 * MB + 1);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ errors: ['This file is too large. Files can be at most 2 MB.'] });
      expect((await start(2 * MB)).statusCode).toBe(201);
    });
  });
});

describe('attachment limits with billing: the free plan and the Team Plan', () => {
  limitTests({ BILLING: 'local' }, (get) => {
    it('allows 50 MB on the free plan', async () => {
      const { start, rows, storage } = await organisationUsing(
        get(),
        ATTACHMENT_FREE_PLAN_TOTAL_BYTES - 5 * MB,
      );
      const over = await start(5 * MB + 1);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        errors: [
          'Your organisation has used its 50 MB of file storage. Remove some files or upgrade to store more.',
        ],
      });
      expect(await rows()).toBe(1);
      expect((await start(5 * MB)).statusCode).toBe(201);
      expect(await storage()).toMatchObject({
        used: ATTACHMENT_FREE_PLAN_TOTAL_BYTES,
        total: ATTACHMENT_FREE_PLAN_TOTAL_BYTES,
      });
    });

    it('allows 1 GB on the Team Plan (a trial included)', async () => {
      const context = get();
      const { org, start, rows, storage } = await organisationUsing(
        context,
        ATTACHMENT_FREE_PLAN_TOTAL_BYTES,
      );
      expect((await start(1)).statusCode).toBe(400);
      const trial = await callApi(context.app, org.ownerToken, 'POST', `${BILLING_API}/subscriptions`);
      expect(trial.statusCode).toBe(200);
      expect((await start(10 * MB)).statusCode).toBe(201);
      const used = ATTACHMENT_FREE_PLAN_TOTAL_BYTES + 10 * MB;
      await insertAttachment(context.db, {
        id: randomUUID(),
        organisationId: org.organisationId,
        secretId: (
          await context.db
            .selectFrom('attachments')
            .select('secret_id')
            .where('organisation_id', '=', org.organisationId)
            .executeTakeFirstOrThrow()
        ).secret_id,
        createdBy: org.owner.id,
        size: ATTACHMENT_TEAM_PLAN_TOTAL_BYTES - used - MB,
        chunkCount: 1,
        createdAt: new Date().toISOString(),
      });
      const over = await start(MB + 1);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        errors: [attachmentTotalReachedMessage(ATTACHMENT_TEAM_PLAN_TOTAL_BYTES)],
      });
      expect(over.json().errors[0]).toContain('its 1 GB of file storage');
      expect(await rows()).toBe(3);
      expect((await start(MB)).statusCode).toBe(201);
      expect(await storage()).toMatchObject({
        used: ATTACHMENT_TEAM_PLAN_TOTAL_BYTES,
        total: ATTACHMENT_TEAM_PLAN_TOTAL_BYTES,
      });
    });
  });
});
