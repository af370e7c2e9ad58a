import { HEALTH_DISMISSALS_MAX_CHARS } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PWNED_RANGE_URL } from '../../config.js';
import {
  HEALTH_DISMISSALS_INVALID_MESSAGE,
  HEALTH_DISMISSALS_TOO_LARGE_MESSAGE,
} from '../../services/password-health/health-dismissal-service.js';
import {
  callAsRole,
  opaqueBlob,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const PATH = '/api/v1/health_dismissals.json';

describe('health dismissals (issue 31)', () => {
  const setup = useChestScenario();
  const call = (role: ScenarioRole, method: 'GET' | 'PUT', payload?: object) =>
    callAsRole(setup, role, method, PATH, payload);

  it('keeps one sealed blob per user: every role reads and replaces its own and nobody else’s', async () => {
    const saved = new Map<ScenarioRole, string>();
    for (const role of SCENARIO_ROLES) {
      const before = await call(role, 'GET');
      expect(before.statusCode, role).toBe(200);
      expect(before.json(), role).toEqual({ sealed: null, updated_at: null });
      const blob = opaqueBlob();
      const put = await call(role, 'PUT', { sealed: blob });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().sealed).toBe(blob);
      saved.set(role, blob);
    }
    for (const role of SCENARIO_ROLES) {
      const answer = (await call(role, 'GET')).json();
      expect(answer.sealed, role).toBe(saved.get(role));
      expect(Number.isNaN(Date.parse(answer.updated_at)), role).toBe(false);
    }
    // A second save replaces the first: still one row per user.
    const next = opaqueBlob();
    expect((await call('reader', 'PUT', { sealed: next })).statusCode).toBe(200);
    expect((await call('reader', 'GET')).json().sealed).toBe(next);
    const rows = await setup.context.db
      .selectFrom('health_dismissals')
      .select(['user_id', 'organisation_id'])
      .execute();
    expect(rows).toHaveLength(SCENARIO_ROLES.length);
    for (const role of SCENARIO_ROLES) {
      const user = setup.scenario.users[role];
      expect(rows).toContainEqual({ user_id: user.id, organisation_id: user.organisation_id });
    }
  });

  it('answers 401 without a session, and takes no blob then', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await setup.context.app.inject({
        method,
        url: PATH,
        ...(method === 'PUT' ? { payload: { sealed: opaqueBlob() } } : {}),
      });
      expect(response.statusCode, method).toBe(401);
    }
  });

  it('refuses what is not a sealed blob, and one over the size limit', async () => {
    const invalid = await call('writer', 'PUT', { sealed: 'not base64!' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([HEALTH_DISMISSALS_INVALID_MESSAGE]);
    const large = await call('writer', 'PUT', { sealed: 'A'.repeat(HEALTH_DISMISSALS_MAX_CHARS + 4) });
    expect(large.statusCode).toBe(413);
    expect(large.json().errors).toEqual([HEALTH_DISMISSALS_TOO_LARGE_MESSAGE]);
    expect((await call('writer', 'PUT', {})).statusCode).toBe(400);
  });
});

describe('client config (issue 31)', () => {
  let context: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
    off = await createTestContext({ env: { HIBP_RANGE_URL: 'off' } });
  });
  afterAll(async () => {
    await context.close();
    await off.close();
  });

  it('tells anyone where the breach range API is, and lets the CSP reach it only while it is on', async () => {
    const on = await context.app.inject({ method: 'GET', url: '/api/v1/client_config.json' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ pwned_range_url: DEFAULT_PWNED_RANGE_URL });
    expect(on.headers['content-security-policy']).toContain(`connect-src 'self' ${DEFAULT_PWNED_RANGE_URL};`);

    const without = await off.app.inject({ method: 'GET', url: '/api/v1/client_config.json' });
    expect(without.json()).toEqual({ pwned_range_url: null });
    expect(without.headers['content-security-policy']).toContain("connect-src 'self';");
  });
});
