import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../errors/rate-limit-messages.js';
import { findUserById } from '../../repositories/user-repository.js';
import { postSignIn } from '../../test/account-helpers.js';
import {
  buildChestScenario,
  type ChestScenario,
  callApi,
  SCENARIO_ROLES,
  type ScenarioRole,
} from '../../test/chest-scenario.js';
import { buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { decodedBody, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const ALREADY_CONFIRMED = 'This user has already confirmed their email address.';

/** What each role gets when asking for a Pending user's confirmation mail again. */
const EXPECTED: Record<ScenarioRole, [number, string?]> = {
  owner: [200],
  administrator: [200],
  manager: [403, 'You do not have permission to do that.'],
  writer: [403, 'You do not have permission to do that.'],
  reader: [403, 'You do not have permission to do that.'],
  outsider: [403, 'You do not have permission to do that.'],
  // An administrator of another organisation: the user is not found.
  stranger: [404, 'Not found'],
};

/**
 * POST /api/v1/users/{id}/confirmation (issue 26): an administrator resends a Pending user's
 * confirmation mail and learns whether it left; every other caller is refused, per role.
 */
describe('POST /api/v1/users/{id}/confirmation (administrator resends the confirmation mail)', () => {
  let context: TestContext;
  let sink: SmtpSink;
  let s: ChestScenario;

  beforeAll(async () => {
    sink = await startSmtpSink();
    context = await createTestContext({
      env: { SMTP_URL: sink.url, RATE_LIMIT_USER_CONFIRMATION_RESEND_PER_ACCOUNT: '2/15m' },
    });
    s = await buildChestScenario(context.db);
  });
  afterAll(async () => {
    await context.close();
    await sink.close();
  });

  const pendingUser = () =>
    buildUser(context.db, { organisation_id: s.users.owner.organisation_id, confirmed_at: null });
  const resend = (role: ScenarioRole, id: string) =>
    callApi(context.app, s.tokens[role], 'POST', `/api/v1/users/${id}/confirmation.json`);
  const mailedToken = (to: string) => {
    const mail = sink.received.filter((raw) => raw.includes(to)).at(-1);
    return mail ? /confirmation_token=([\w-]+)/.exec(decodedBody(mail))?.[1] : undefined;
  };
  const auditActions = async (objectId: string) =>
    (
      await context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('object_id', '=', objectId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.action);

  for (const role of SCENARIO_ROLES) {
    const [status, error] = EXPECTED[role];
    it(`answers ${status} to the ${role}`, async () => {
      const user = await pendingUser();
      const response = await resend(role, user.id);
      expect(response.statusCode).toBe(status);
      if (error) expect(response.json()).toEqual({ error });
      else expect(response.json()).toEqual({ mail_sent: true });
      expect(mailedToken(user.email) !== undefined).toBe(status === 200);
    });
  }

  it('mails a new link (the old one stops working), audited, and the link confirms the user', async () => {
    const user = await pendingUser();
    expect((await resend('administrator', user.id)).json()).toEqual({ mail_sent: true });
    const first = mailedToken(user.email);
    expect((await resend('administrator', user.id)).json()).toEqual({ mail_sent: true });
    const second = mailedToken(user.email);
    expect(second).not.toBe(first);
    const confirm = (token: string | undefined) =>
      context.app.inject({ method: 'GET', url: `/users/confirmation.json?confirmation_token=${token}` });
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(
      201,
    );
    const admin = s.users.administrator;
    expect(await auditActions(user.id)).toEqual([
      `Resent the confirmation email to ${user.name} (${user.email})`,
      `Resent the confirmation email to ${user.name} (${user.email})`,
      'Confirmed email address',
      'Signed in',
    ]);
    const entry = await context.db
      .selectFrom('audit_log_entries')
      .select('user_id')
      .where('object_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(admin.id);
  });

  it('says so when the relay refuses the mail, and keeps the new link for a later resend', async () => {
    const user = await pendingUser();
    const before = sink.received.length;
    sink.refuse(true);
    try {
      const refused = await resend('owner', user.id);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ mail_sent: false });
    } finally {
      sink.refuse(false);
    }
    expect(sink.received).toHaveLength(before);
    expect((await findUserById(context.db, user.organisation_id, user.id))?.confirmed_at).toBeNull();
    expect((await resend('owner', user.id)).json()).toEqual({ mail_sent: true });
    expect(mailedToken(user.email)).toBeDefined();
  });

  it('refuses a user who is no longer Pending, and an unknown id', async () => {
    const confirmed = await buildUser(context.db, { organisation_id: s.users.owner.organisation_id });
    const response = await resend('administrator', confirmed.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [ALREADY_CONFIRMED] });
    expect((await resend('administrator', crypto.randomUUID())).statusCode).toBe(404);
    expect(await auditActions(confirmed.id)).toEqual([]);
  });

  it('limits resends per user mailed, and a refused caller spends no one’s allowance', async () => {
    const user = await pendingUser();
    for (const role of ['reader', 'stranger', 'reader'] as const) await resend(role, user.id);
    expect((await resend('administrator', user.id)).statusCode).toBe(200);
    expect((await resend('owner', user.id)).statusCode).toBe(200);
    const limited = await resend('administrator', user.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: [TOO_MANY_ATTEMPTS] });
  });
});
