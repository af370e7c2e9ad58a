import type { InvitationRow } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailedToken } from '../../test/account-helpers.js';
import { callApi } from '../../test/chest-scenario.js';
import { buildInvitation, buildOrganisation, buildSession, buildUser } from '../../test/factories.js';
import { decodedBody, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The people of one organisation, one of each role, with their bearer tokens. */
async function buildRoles(context: TestContext) {
  const organisation = await buildOrganisation(context.db, { name: 'Initech' });
  const owner = await buildUser(context.db, {
    organisation_id: organisation.id,
    administrator: true,
    name: 'Bill',
  });
  await context.db
    .updateTable('organisations')
    .set({ owner_id: owner.id })
    .where('id', '=', organisation.id)
    .execute();
  const administrator = await buildUser(context.db, {
    organisation_id: organisation.id,
    administrator: true,
    name: 'Ada',
  });
  const dataAdministrator = await buildUser(context.db, {
    organisation_id: organisation.id,
    data_administrator: true,
  });
  const member = await buildUser(context.db, { organisation_id: organisation.id });
  return {
    organisationId: organisation.id,
    owner,
    tokens: {
      owner: await buildSession(context.db, owner),
      administrator: await buildSession(context.db, administrator),
      dataAdministrator: await buildSession(context.db, dataAdministrator),
      member: await buildSession(context.db, member),
    },
  };
}

describe('the invitations an administrator can see', () => {
  let context: TestContext;
  let org: Awaited<ReturnType<typeof buildRoles>>;
  let foreignAdminToken: string;

  beforeAll(async () => {
    context = await createTestContext({ env: { RATE_LIMIT_INVITATION_RESEND_PER_ACCOUNT: '2/15m' } });
    org = await buildRoles(context);
    const foreignAdmin = await buildUser(context.db, { administrator: true });
    foreignAdminToken = await buildSession(context.db, foreignAdmin);
  });
  afterAll(async () => {
    await context.close();
  });

  const list = (token: string) => callApi(context.app, token, 'GET', '/api/v1/invitations.json');
  const resend = (token: string, id: string) =>
    callApi(context.app, token, 'POST', `/api/v1/invitations/${id}/resend.json`);
  const revoke = (token: string, id: string) =>
    callApi(context.app, token, 'DELETE', `/api/v1/invitations/${id}.json`);
  const details = (token: string) =>
    context.app.inject({ method: 'GET', url: `/api/v1/invitations/${encodeURIComponent(token)}.json` });
  const auditActions = async (objectId: string) =>
    (
      await context.db
        .selectFrom('audit_log_entries')
        .select(['action', 'object_type', 'user_string'])
        .where('object_id', '=', objectId)
        .orderBy('created_at')
        .execute()
    ).map((entry) => `${entry.object_type}: ${entry.action}`);

  it('lists the pending and the expired invitations, newest first, never an accepted one or a token', async () => {
    const older = await buildInvitation(context.db, org.owner, {
      name: 'Old Olga',
      email: 'olga@example.test',
      created_at: ago(9 * DAY_MS),
      expires_at: ago(2 * DAY_MS),
    });
    const newer = await buildInvitation(context.db, org.owner, {
      name: 'New Nina',
      email: 'nina@example.test',
    });
    const accepted = await buildInvitation(context.db, org.owner);
    await context.db
      .updateTable('invitations')
      .set({ accepted_at: new Date().toISOString() })
      .where('id', '=', accepted.invitation.id)
      .execute();

    const response = await list(org.tokens.administrator);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: InvitationRow[]; total: number };
    const ours = body.items.filter((item) =>
      [older, newer].some(({ invitation }) => invitation.id === item.id),
    );
    expect(ours).toEqual([
      {
        id: newer.invitation.id,
        name: 'New Nina',
        email: 'nina@example.test',
        team_ids: [],
        inviter: 'Bill',
        created_at: newer.invitation.created_at,
        expires_at: newer.invitation.expires_at,
        expired: false,
      },
      expect.objectContaining({ id: older.invitation.id, email: 'olga@example.test', expired: true }),
    ]);
    expect(body.items.some((item) => item.id === accepted.invitation.id)).toBe(false);
    expect(body.total).toBe(body.items.length);
    expect(response.body).not.toMatch(/token/);
    expect(response.body).not.toContain(newer.token);
  });

  it('lets only administrators list, resend and revoke, and hides another organisation’s invitations', async () => {
    const { invitation, token } = await buildInvitation(context.db, org.owner);
    for (const role of ['dataAdministrator', 'member'] as const) {
      const caller = org.tokens[role];
      expect((await list(caller)).statusCode).toBe(403);
      expect((await resend(caller, invitation.id)).statusCode).toBe(403);
      expect((await revoke(caller, invitation.id)).statusCode).toBe(403);
    }
    expect((await list(org.tokens.owner)).statusCode).toBe(200);

    const foreignList = (await list(foreignAdminToken)).json() as { items: InvitationRow[]; total: number };
    expect(foreignList).toEqual({ items: [], total: 0 });
    for (const call of [resend, revoke]) {
      const response = await call(foreignAdminToken, invitation.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
    // Nothing happened to it: its link still works.
    expect((await details(token)).statusCode).toBe(200);
    expect(await auditActions(invitation.id)).toEqual([]);
  });

  it('resends with a new link and a new expiry; the old link stops working; audited', async () => {
    const { invitation, token: oldToken } = await buildInvitation(context.db, org.owner, {
      name: 'Resent Rita',
      email: 'rita@example.test',
      created_at: ago(8 * DAY_MS),
      expires_at: ago(DAY_MS),
    });
    const response = await resend(org.tokens.administrator, invitation.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      id: invitation.id,
      email: 'rita@example.test',
      inviter: 'Bill',
      mail_sent: true,
    });
    expect(Date.parse(answer.created_at)).toBeGreaterThan(Date.parse(invitation.created_at));
    expect(Date.parse(answer.expires_at)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(response.body).not.toMatch(/token/);

    const newToken = await readMailedToken(context.config.dataDir, 'rita@example.test', 'invitation_token');
    expect(newToken).not.toBe(oldToken);
    expect((await details(oldToken)).statusCode).toBe(404);
    expect((await details(newToken)).json()).toMatchObject({ email: 'rita@example.test', inviter: 'Bill' });
    const listed = (await list(org.tokens.owner)).json().items as InvitationRow[];
    expect(listed.find((item) => item.id === invitation.id)?.expired).toBe(false);
    expect(await auditActions(invitation.id)).toEqual([
      'Invitation: Resent the invitation of Resent Rita (rita@example.test)',
    ]);
  });

  it('revokes: the link says the invitation is unknown, the row is gone, and it is audited once', async () => {
    const { invitation, token } = await buildInvitation(context.db, org.owner, {
      name: 'Revoked Rob',
      email: 'rob@example.test',
    });
    const response = await revoke(org.tokens.owner, invitation.id);
    expect(response.statusCode).toBe(204);
    expect((await details(token)).statusCode).toBe(404);
    const listed = (await list(org.tokens.owner)).json().items as InvitationRow[];
    expect(listed.some((item) => item.id === invitation.id)).toBe(false);
    expect((await revoke(org.tokens.owner, invitation.id)).statusCode).toBe(404);
    expect((await resend(org.tokens.owner, invitation.id)).statusCode).toBe(404);
    expect(await auditActions(invitation.id)).toEqual([
      'Invitation: Revoked the invitation of Revoked Rob (rob@example.test)',
    ]);
  });

  it('answers 404 for an accepted or unknown invitation and refuses a resend to an address taken meanwhile', async () => {
    const accepted = await buildInvitation(context.db, org.owner);
    await context.db
      .updateTable('invitations')
      .set({ accepted_at: new Date().toISOString() })
      .where('id', '=', accepted.invitation.id)
      .execute();
    expect((await resend(org.tokens.owner, accepted.invitation.id)).statusCode).toBe(404);
    expect((await revoke(org.tokens.owner, accepted.invitation.id)).statusCode).toBe(404);
    expect((await revoke(org.tokens.owner, 'no-such-invitation')).statusCode).toBe(404);

    const taken = await buildInvitation(context.db, org.owner);
    await buildUser(context.db, { email: taken.invitation.email });
    const refused = await resend(org.tokens.owner, taken.invitation.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['Email has already been taken'] });
    expect((await details(taken.token)).statusCode).toBe(200);
  });

  it('limits the resends of one invitation', async () => {
    const { invitation } = await buildInvitation(context.db, org.owner);
    expect((await resend(org.tokens.owner, invitation.id)).statusCode).toBe(200);
    expect((await resend(org.tokens.administrator, invitation.id)).statusCode).toBe(200);
    const limited = await resend(org.tokens.owner, invitation.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toHaveLength(1);
    // Another invitation has its own count.
    const other = await buildInvitation(context.db, org.owner);
    expect((await resend(org.tokens.owner, other.invitation.id)).statusCode).toBe(200);
  });
});

describe('invitation mail that fails', () => {
  let context: TestContext;
  let sink: SmtpSink;
  let org: Awaited<ReturnType<typeof buildRoles>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    context = await createTestContext({ env: { SMTP_URL: sink.url } });
    org = await buildRoles(context);
  });
  afterAll(async () => {
    await context.close();
    await sink.close();
  });

  it('keeps the invitation, says the mail did not leave, and a resend delivers a working link', async () => {
    sink.refuse(true);
    const created = await callApi(context.app, org.tokens.owner, 'POST', '/api/v1/invitations.json', {
      invitation: { name: 'Pat', email: 'pat@example.test' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'pat@example.test', mail_sent: false });
    const id = created.json().id as string;
    const listed = await callApi(context.app, org.tokens.owner, 'GET', '/api/v1/invitations.json');
    expect((listed.json().items as InvitationRow[]).map((item) => item.id)).toEqual([id]);

    const failedAgain = await callApi(
      context.app,
      org.tokens.owner,
      'POST',
      `/api/v1/invitations/${id}/resend`,
    );
    expect(failedAgain.statusCode).toBe(200);
    expect(failedAgain.json()).toMatchObject({ id, mail_sent: false });
    expect(sink.received).toHaveLength(0);

    sink.refuse(false);
    const resent = await callApi(context.app, org.tokens.owner, 'POST', `/api/v1/invitations/${id}/resend`);
    expect(resent.json()).toMatchObject({ id, mail_sent: true });
    expect(sink.received).toHaveLength(1);
    const link = /https?:\/\/\S+invitation_token=([A-Za-z0-9_-]+)/.exec(decodedBody(sink.received[0] ?? ''));
    const token = link?.[1] ?? '';
    expect(token).toHaveLength(43);
    const shown = await context.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}.json` });
    expect(shown.json()).toMatchObject({ email: 'pat@example.test', inviter: 'Bill', company: 'Initech' });
  });

  it('answers mail_sent true when the invitation mail left', async () => {
    const created = await callApi(context.app, org.tokens.administrator, 'POST', '/api/v1/invitations.json', {
      invitation: { name: 'Quinn', email: 'quinn@example.test' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'quinn@example.test', inviter: 'Ada', mail_sent: true });
    expect(sink.received.some((raw) => raw.includes('To: quinn@example.test'))).toBe(true);
  });
});
