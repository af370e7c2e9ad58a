import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { findOrganisationById } from './organisation-repository.js';
import { findUserByEmail, findUserById } from './user-repository.js';

describe('user repository', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('finds a user by id only within their organisation', async () => {
    const user = await buildUser(context.db, { administrator: true });
    const stranger = await buildUser(context.db);
    const found = await findUserById(context.db, user.organisation_id, user.id);
    expect(found?.email).toBe(user.email);
    expect(found?.administrator).toBe(true);
    expect(found?.locked).toBe(false);
    expect(found?.first_time).toBe(true);
    expect(await findUserById(context.db, stranger.organisation_id, user.id)).toBeNull();
  });

  it('stores e-mails lower-case and finds them whatever the case', async () => {
    const user = await buildUser(context.db, { email: '  Mixed.Case@Example.TEST ' });
    expect(user.email).toBe('mixed.case@example.test');
    expect((await findUserByEmail(context.db, 'MIXED.case@example.test'))?.id).toBe(user.id);
    expect(await findUserByEmail(context.db, 'nobody@example.test')).toBeNull();
  });

  it('refuses a second account with the same e-mail, even in another organisation', async () => {
    await buildUser(context.db, { email: 'taken@example.test' });
    await expect(buildUser(context.db, { email: 'TAKEN@example.test' })).rejects.toThrow();
  });

  it('makes the first user of a built organisation its owner', async () => {
    const user = await buildUser(context.db);
    const organisation = await findOrganisationById(context.db, user.organisation_id);
    expect(organisation?.owner_id).toBe(user.id);
    expect(organisation?.inactivity_length).toBe(10);
  });
});
