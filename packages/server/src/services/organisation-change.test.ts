import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedListTotal, hasListTotals } from '../lists/list-total-cache.js';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { runChange } from './organisation-change.js';

// Every service file, in the domain folders too: a flat read would check the root alone and pass on nothing.
const folder = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file: basename(file), text: readFileSync(join(folder, file), 'utf8') }));

describe('runChange', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('drops the organisation’s cached list totals once the change has committed', async () => {
    const user = await buildUser(context.db);
    const organisationId = user.organisation_id;
    await cachedListTotal(organisationId, 'secrets:a', async () => 1);
    const answer = await runChange(context.db, organisationId, async (trx) => {
      // Still inside the transaction: nothing is dropped before the change can be seen.
      expect(hasListTotals(organisationId)).toBe(true);
      await trx.updateTable('users').set({ name: 'Renamed' }).where('id', '=', user.id).execute();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(hasListTotals(organisationId)).toBe(false);
  });

  // The totals stay right only while no service opens a transaction of its own.
  it('is the only way services open a transaction', () => {
    const own = sources.filter(
      ({ file, text }) => file !== 'organisation-change.ts' && /\.transaction\(\)/.test(text),
    );
    expect(own.map(({ file }) => file)).toEqual([]);
  });
});

describe('the checks below', () => {
  it('read the services of the domain folders', () => {
    expect(sources.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['secret-revision-service.ts', 'billing-service.ts', 'statistics-service.ts']),
    );
  });
});

describe('audit entries', () => {
  it('are written by services only through caller-audit.ts', () => {
    const direct = sources.filter(
      ({ file, text }) => file !== 'caller-audit.ts' && /insertAuditEntry/.test(text),
    );
    expect(direct.map(({ file }) => file)).toEqual([]);
  });
});
